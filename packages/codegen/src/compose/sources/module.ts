import { dirname, relative, resolve } from "node:path";
import { modelOfModule } from "@mcpsmith/runtime/compose";
import type { ModuleSourceConfig } from "../config/types.js";
import { importModule } from "../load/load-module.js";
import type { LoadedSource, SourceContext } from "./types.js";

/** A module of the user's exporting a `server()` builder, a model, decorated classes or objects of them. */
export async function loadModuleSource(config: ModuleSourceConfig, context: SourceContext): Promise<LoadedSource> {
  const path = resolve(context.dir, config.module);
  const where = relative(context.dir, path) || path;
  const model = modelOfModule(await importModule(path), where, config.export);
  return {
    kind: "module",
    title: `${where} (module)`,
    model,
    hints: {},
    warnings: [],
    credentials: [],
    files: [dirname(path)],
    rawSql: [],
    ir: { kind: "module", path },
  };
}
