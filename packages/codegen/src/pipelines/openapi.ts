/**
 * The OpenAPI generator, end to end: the document -> IR (`sources/openapi`) -> an editable project (`emit/openapi`)
 * or a server in memory (`serve/`). The one file that knows all three; none of them imports another.
 */
import { relative, resolve, sep } from "node:path";
import type { GenerateEntry } from "../emit/core/manifest.js";
import type { WriteResult } from "../emit/core/write-project.js";
import type { ListingMode } from "../ir/listing-modes.js";
import type { OpenApiIR } from "../ir/types.js";
import { type ServedMode, toolListingOf } from "../serve/listing.js";
import type { OpenApiServeOptions } from "../serve/openapi.js";
import { openApiListingOptions, openApiServerDefinition } from "../serve/openapi-identity.js";
import type { ServerBuild } from "../serve/server.js";
import type { OpenApiSourceOptions } from "../sources/openapi/options.js";
import { loadOpenApi } from "../sources/openapi/source.js";
import type { ProjectWriteOptions } from "./project-options.js";

export interface GenerateOpenApiOptions extends ProjectWriteOptions {
  /** The document (absolute, or relative to `cwd`). */
  spec: string;
  mode: ListingMode;
  source: OpenApiSourceOptions;
}

export interface GenerateOpenApiResult extends WriteResult {
  ir: OpenApiIR;
  out: string;
  /** What tools/list holds in the chosen mode (the tools, the three discovery tools, or code mode's two). */
  mode: ServedMode;
  toolListTokens: number;
}

/**
 * `mcpsmith generate openapi`: the document -> IR -> an editable project. The document is read and checked
 * before anything is written, so an invalid one leaves the disk as it was. The server's identity and the
 * tools/list estimate are the serve back end's (`mcpsmith serve openapi`) for the same IR, computed without
 * building its server: both back ends report the same, and generating never loads the runtime, SDK or zod.
 */
export async function generateOpenApiProject(options: GenerateOpenApiOptions): Promise<GenerateOpenApiResult> {
  const specPath = resolve(options.cwd, options.spec);
  const ir = await loadOpenApi(specPath, options.source);
  const listing = toolListingOf(ir.tools, openApiListingOptions(ir, { mode: options.mode }));
  const { name, version, title, description } = openApiServerDefinition(ir);
  const out = resolve(options.cwd, options.out ?? name);
  const spec = portable(relative(out, specPath));
  // The emitters are loaded only to generate: `serve openapi` starts without them.
  const [{ emitOpenApiProject }, { writeProject }] = await Promise.all([
    import("../emit/openapi/project.js"),
    import("../emit/core/write-project.js"),
  ]);
  const project = emitOpenApiProject(ir, {
    spec,
    mode: options.mode,
    serverInfo: {
      name,
      version,
      ...(title !== undefined && { title }),
      ...(description !== undefined && { description }),
    },
    versions: options.versions,
    ...(options.packageFields !== undefined && { packageFields: options.packageFields }),
  });
  const entry: GenerateEntry = { kind: "openapi", inputs: [spec], options: { ...options.recordedOptions, out: "." } };
  const written = writeProject(out, project, { entry, source: "an OpenAPI document", force: options.force });
  return { ...written, ir, out, mode: listing.mode, toolListTokens: listing.toolListTokens };
}

export interface ServeOpenApiOptions extends OpenApiServeOptions {
  /** How the document is read: operations selected, names, credentials' environment prefix. */
  source?: OpenApiSourceOptions;
}

export interface ServedOpenApi {
  ir: OpenApiIR;
  build: ServerBuild;
}

/**
 * `mcpsmith serve openapi`: the document -> IR -> a server in memory, no files written. The serve back end is
 * loaded only here, so that generating (above) never loads the runtime's server, the SDK or zod.
 */
export async function serveOpenApi(specPath: string, options: ServeOpenApiOptions = {}): Promise<ServedOpenApi> {
  const { source, ...serve } = options;
  const ir = await loadOpenApi(specPath, source);
  const { openApiServer } = await import("../serve/openapi.js");
  return { ir, build: openApiServer(ir, serve) };
}

/** Forward slashes in recorded paths, so a manifest written on Windows works elsewhere. */
function portable(path: string): string {
  return path.split(sep).join("/");
}
