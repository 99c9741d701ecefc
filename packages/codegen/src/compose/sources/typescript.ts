import { dirname, join, resolve } from "node:path";
import type { SearchHints } from "@mcpsmith/runtime/compose";
import type { TypeScriptSourceConfig } from "../config/types.js";
import { importModule } from "../load/load-module.js";
import type { LoadedSource, SourceContext } from "./types.js";
import { cachedAnnotated } from "./typescript-cache.js";

/**
 * Modules of functions tagged `@tool`, `@resource` or `@prompt` in JSDoc, their schemas derived from their types
 * (as `generate ts` derives them) and the modules imported as they are (TypeScript compiled on the fly).
 */
export async function loadTypeScriptSource(
  config: TypeScriptSourceConfig,
  context: SourceContext,
): Promise<LoadedSource> {
  const inputs = typeof config.typescript === "string" ? [config.typescript] : [...config.typescript];
  const options = {
    cwd: context.dir,
    ...(config.tsconfig !== undefined && { tsconfig: config.tsconfig }),
    ...(context.maxNameLength !== undefined && { maxNameLength: context.maxNameLength }),
  };
  const ir = await cachedAnnotated(inputs, options, join(context.dir, ".mcpsmith", "compose", `${context.key}.json`));
  const bindings = [...ir.tools, ...ir.resources, ...ir.prompts].map((item) => item.binding.module);
  const paths = [...new Set(bindings)];
  const modules = new Map(await Promise.all(paths.map(async (path) => [path, await importModule(path)] as const)));
  const { typescriptServer } = await import("../../serve/typescript.js");
  const model = typescriptServer(ir, modules, { name: context.key, version: "0.0.0" }).build();
  const hints: Record<string, SearchHints> = {};
  for (const tool of ir.tools) hints[tool.name] = { group: tool.group };
  return {
    kind: "typescript",
    title: `${inputs.join(", ")} (annotated TypeScript)`,
    model,
    hints,
    warnings: ir.warnings.map(({ file, pointer, message }) => `${file}${pointer ? `:${pointer}` : ""}: ${message}`),
    credentials: [],
    // The folders: a module added beside the others is a source too.
    files: [...new Set([...inputs.map((input) => resolve(context.dir, input)), ...paths.map((path) => dirname(path))])],
    rawSql: [],
    ir: { kind: "typescript", ir },
  };
}
