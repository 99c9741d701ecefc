import { createHttpExecutor, type HttpExecutorOptions } from "@mcpsmith/runtime/http";
import type { OpenApiIR } from "../ir/types.js";
import { type LiveBuild, type LiveOptions, liveServer } from "./server.js";

export interface OpenApiLiveOptions extends LiveOptions {
  /** Base URL, server variables, credentials' environment, timeouts: passed to the runtime's HTTP executor. */
  executor?: HttpExecutorOptions;
}

/**
 * `mcpsmith serve openapi`: the OpenAPI IR served at once, no files written. Every handler is one call into the
 * runtime's HTTP executor, the same one a generated project calls, so both send the same requests.
 */
export function liveServerFromIR(ir: OpenApiIR, options: OpenApiLiveOptions = {}): LiveBuild {
  const executor = createHttpExecutor(ir.api, options.executor);
  const tools = ir.tools.map((tool) => ({
    tool,
    handler: (args: Record<string, unknown>, ctx: { signal: AbortSignal }) =>
      executor.call(tool.binding, args, { signal: ctx.signal }),
    keywords: [`${tool.binding.method.toUpperCase()} ${tool.binding.path}`],
  }));
  return liveServer(
    {
      name: serverNameOf(ir.title),
      version: ir.version,
      title: ir.title,
      ...(ir.description !== undefined && { description: firstParagraph(ir.description) }),
    },
    tools,
    { ...options, discovery: { subject: `the ${ir.title} API`, ...options.discovery } },
  );
}

/** `Swagger Petstore - OpenAPI 3.0` -> `swagger-petstore-openapi-3-0`: an identifier for `serverInfo.name`. */
function serverNameOf(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "openapi"
  );
}

function firstParagraph(text: string): string {
  return text
    .trim()
    .split(/\r?\n\s*\r?\n/, 1)[0]!
    .trim();
}
