import type { Context } from "../model/context.js";
import type { ToolAnnotations } from "../model/types.js";
import type { JsonSchema } from "../schema/types.js";

/**
 * One operation reachable through the discovery tools: everything its own tool would carry, as plain data, plus
 * the handler that runs it. Generated projects and `mcpsmith serve` build these from the same IR they would turn
 * into tools, so an operation behaves the same whether it is listed as a tool or reached through `call_operation`.
 */
export interface Operation {
  /** Unique among the operations; what `describe_operation` and `call_operation` take. */
  name: string;
  title?: string;
  description: string;
  /** JSON Schema with root `type: "object"`; `call_operation` validates arguments against it. */
  inputSchema: JsonSchema;
  annotations?: ToolAnnotations;
  /** The group it belongs to (an OpenAPI tag, a schema): shown in search results and usable as a filter. */
  group?: string;
  /** Text that search matches without showing it, e.g. `GET /repos/{owner}/{repo}`. */
  keywords?: readonly string[];
  handler: (args: Record<string, unknown>, ctx: Context) => unknown;
}

export interface DiscoveryOptions {
  /** What the operations belong to, for the tools' descriptions (e.g. `the GitHub v3 REST API`). */
  subject?: string;
  /** Results per search page when the caller gives no `limit`. Default 20. */
  pageSize?: number;
  /** The largest `limit` a search accepts. Default 100. */
  maxPageSize?: number;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** The first line of a description, cut to `max` characters: what a search result shows of an operation. */
export function summaryOf(description: string, max = 160): string {
  const line = description.trim().split(/\r?\n/, 1)[0]?.trim() ?? "";
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}
