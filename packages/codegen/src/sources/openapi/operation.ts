/** What every operation has whatever the spec version: names, texts, tags, security, `x-mcp`, path parameters. */
import { mergeMcpExtensions, pathTemplateVariables, readMcpExtension, readSecurity, text } from "./common.js";
import type { Diagnostics } from "./diagnostics.js";
import type { McpExtension, SourceOperation, SourceParameter } from "./model.js";
import type { JsonObject } from "./refs.js";

export interface OperationContext {
  method: string;
  path: string;
  operation: JsonObject;
  /** The path item holding the operation (path-level parameters and servers). */
  item: JsonObject;
  pointer: string;
  pathPointer: string;
  /** `x-mcp` of the document and the path item, merged. */
  inheritedMcp: McpExtension;
  /** Collects the scopes each scheme is required with (for OAuth2 client-credentials token requests). */
  scopes: Map<string, Set<string>>;
  diagnostics: Diagnostics;
}

type CommonFields = Omit<SourceOperation, "responseMediaTypes" | "body" | "jsonResponse" | "servers">;

export function readOperationCommon(context: OperationContext, parameters: SourceParameter[]): CommonFields {
  const { operation, method, path, pointer, diagnostics } = context;
  const common: CommonFields = {
    method,
    path,
    pointer,
    tags: Array.isArray(operation.tags) ? operation.tags.filter((tag): tag is string => typeof tag === "string") : [],
    deprecated: operation.deprecated === true,
    parameters: pathParametersChecked(context, parameters),
    mcp: mergeMcpExtensions(context.inheritedMcp, readMcpExtension(operation["x-mcp"], pointer, diagnostics)),
  };
  const operationId = text(operation.operationId);
  if (operationId !== undefined) common.operationId = operationId;
  const summary = text(operation.summary);
  if (summary !== undefined) common.summary = summary;
  const description = text(operation.description);
  if (description !== undefined) common.description = description;
  const security = readSecurity(operation.security, `${pointer}/security`, diagnostics, context.scopes);
  if (security !== undefined) common.security = security;
  return common;
}

/**
 * The path parameters the template and the parameters agree on: a path parameter the template does not use cannot
 * be sent (dropped), and a template variable no parameter declares (Intercom's `{job_identifier}`) is taken as a
 * required string, the least a path segment is; both with a warning.
 */
function pathParametersChecked(context: OperationContext, parameters: SourceParameter[]): SourceParameter[] {
  const { path, pointer, diagnostics } = context;
  const variables = new Set(pathTemplateVariables(path));
  const kept = parameters.filter((parameter) => {
    if (parameter.in !== "path" || variables.has(parameter.name)) return true;
    diagnostics.warn(parameter.pointer, `path parameter ${parameter.name} is not in the path ${path}: dropped`);
    return false;
  });
  for (const variable of variables) {
    if (kept.some((parameter) => parameter.in === "path" && parameter.name === variable)) continue;
    diagnostics.warn(
      pointer,
      `path variable {${variable}} of ${path} has no path parameter: taken as a required string`,
    );
    kept.push({
      name: variable,
      in: "path",
      required: true,
      deprecated: false,
      schema: { type: "string" },
      style: "simple",
      explode: false,
      pointer,
    });
  }
  return kept;
}
