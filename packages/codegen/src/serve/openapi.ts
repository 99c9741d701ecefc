import { createHttpExecutor, type HttpCallContext, type HttpExecutorOptions } from "@mcpsmith/runtime/http";
import type { OpenApiIR } from "../ir/types.js";
import type { ListingOptions } from "./listing.js";
import { openApiListingOptions, openApiServerDefinition } from "./openapi-identity.js";
import { buildServer, type ServerBuild } from "./server.js";

export interface OpenApiServeOptions extends ListingOptions {
  /** Base URL, server variables, credentials' environment, timeouts: passed to the runtime's HTTP executor. */
  executor?: HttpExecutorOptions;
}

/**
 * `mcpsmith serve openapi`: the OpenAPI IR served at once, no files written. Every handler is one call into the
 * runtime's HTTP executor, the same one a generated project calls, so both send the same requests.
 */
export function openApiServer(ir: OpenApiIR, options: OpenApiServeOptions = {}): ServerBuild {
  const executor = createHttpExecutor(ir.api, options.executor);
  const tools = ir.tools.map((tool) => ({
    tool,
    // The context carries the caller's HTTP headers, where forwarded upstream credentials come from.
    handler: (args: Record<string, unknown>, ctx: HttpCallContext) => executor.call(tool.binding, args, ctx),
    keywords: [`${tool.binding.method.toUpperCase()} ${tool.binding.path}`],
  }));
  return buildServer(openApiServerDefinition(ir), tools, openApiListingOptions(ir, options));
}
