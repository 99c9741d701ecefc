import { CodegenError } from "../../errors.js";
import type { SourceKind } from "../config/kinds.js";
import type { SourceConfig } from "../config/types.js";
import type { LoadedSource, SourceContext } from "./types.js";

type Loader = (config: never, context: SourceContext) => Promise<LoadedSource>;

/** One loader per kind, loaded only when a config has a source of that kind. */
const LOADERS: Record<SourceKind, () => Promise<Loader>> = {
  openapi: async () => (await import("./openapi.js")).loadOpenApiSource,
  database: async () => (await import("./database.js")).loadDatabaseSource,
  typescript: async () => (await import("./typescript.js")).loadTypeScriptSource,
  module: async () => (await import("./module.js")).loadModuleSource,
  mcp: async () => (await import("./mcp.js")).loadMcpSource,
};

/** Loads one source; any failure becomes an error naming it (`source "billing" (openapi): ...`). */
export async function loadSource(
  kind: SourceKind,
  config: SourceConfig,
  context: SourceContext,
): Promise<LoadedSource> {
  try {
    const load = await LOADERS[kind]();
    return await load(config as never, context);
  } catch (error) {
    const reason = error instanceof CodegenError ? `${error.code}: ${error.message}` : (error as Error).message;
    throw new CodegenError("E_SOURCE_FAILED", `source "${context.key}" (${kind}) could not be loaded: ${reason}`, {
      cause: error,
    });
  }
}

export type { LoadedSource, SourceContext } from "./types.js";
