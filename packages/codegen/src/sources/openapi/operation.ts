/** What every operation has whatever the spec version: names, texts, tags, security, `x-mcp`, path parameters. */
import {
  isAuthorizationHeader,
  mergeMcpExtensions,
  pathTemplateVariables,
  readMcpExtension,
  readSecurity,
  text,
} from "./common.js";
import type { DanglingReach } from "./dangling-refs.js";
import type { Diagnostics } from "./diagnostics.js";
import type { McpExtension, SourceOperation, SourceParameter } from "./model.js";
import type { JsonObject } from "./refs.js";

export interface OperationContext {
  /** Lower-cased, as SourceOperation has it. */
  method: string;
  sentAs: string;
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
  /** Which parts of the document reach a `$ref` that points nowhere (none when every `$ref` points somewhere). */
  reach: DanglingReach | undefined;
}

/**
 * Thrown while an operation is read when no request can be built from what it declares (Portainer's `POST /stacks`
 * declares four `in: body` parameters and a form besides): the operation is skipped with a warning saying why
 * (document.ts), and the rest of the document is read.
 */
export class OperationSkipped extends Error {}

type CommonFields = Omit<SourceOperation, "responseMediaTypes" | "body" | "jsonResponse" | "servers">;

/** A parameter as the operation declares it, its `$ref` followed. */
export interface DeclaredParameter {
  value: Record<string, unknown>;
  pointer: string;
}

export function readOperationCommon(
  context: OperationContext,
  parameters: SourceParameter[],
  declared: DeclaredParameter[],
): CommonFields {
  const { operation, method, sentAs, pointer, diagnostics } = context;
  const path = withColonVariables(context.path, parameters, pointer, diagnostics);
  const common: CommonFields = {
    method,
    sentAs,
    path,
    pointer,
    tags: Array.isArray(operation.tags) ? operation.tags.filter((tag): tag is string => typeof tag === "string") : [],
    deprecated: operation.deprecated === true,
    parameters: pathParametersChecked(path, pointer, parameters, diagnostics),
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
  const authorization = declared.find(
    ({ value }) => value.in === "header" && typeof value.name === "string" && isAuthorizationHeader(value.name),
  );
  if (authorization !== undefined) {
    const { value, pointer: at } = authorization;
    common.authorizationHeader = { name: value.name as string, required: value.required === true, pointer: at };
  }
  return common;
}

/**
 * The path with its variables written as OpenAPI writes them. Documents generated from Express routes keep their
 * `:name` segments (NocoDB's `/api/v2/integrations/:type/:subType`): a path parameter whose `{name}` the template
 * lacks and whose `:name` is a whole segment of it is that segment, so it is read as `{name}`, with a warning. Left
 * as written, the parameter would be dropped and every request sent to the literal `:name`.
 */
function withColonVariables(
  path: string,
  parameters: SourceParameter[],
  pointer: string,
  diagnostics: Diagnostics,
): string {
  const variables = new Set(pathTemplateVariables(path));
  const segments = path.split("/");
  let rewritten = false;
  for (const parameter of parameters) {
    if (parameter.in !== "path" || variables.has(parameter.name)) continue;
    const at = segments.indexOf(`:${parameter.name}`);
    if (at < 0) continue;
    segments[at] = `{${parameter.name}}`;
    rewritten = true;
  }
  if (!rewritten) return path;
  const read = segments.join("/");
  diagnostics.warn(pointer, `path ${path} writes its variables as :name segments: read as ${read}`);
  return read;
}

/**
 * The path parameters the template and the parameters agree on, each disagreement with a warning:
 *   - a path parameter the template does not use is read as an optional query parameter, where servers take it
 *     (Bungie's `currentpage`, Trustify's `q` and `sort`, generated as path parameters; ASP.NET binds Jellyfin's
 *     `imageIndex` from either); it is dropped where the template has a variable no parameter names (go-admin's
 *     `id` beside `{deptId}`: a misnamed variable, not a query) or a query parameter has its name;
 *   - a template variable no path parameter declares is read from the parameter of its name declared elsewhere
 *     (Intercom 2.15 declares `{job_identifier}` `in: query`), else taken as a required string, the least a path
 *     segment is (earlier Intercom versions declare nothing).
 */
function pathParametersChecked(
  path: string,
  pointer: string,
  parameters: SourceParameter[],
  diagnostics: Diagnostics,
): SourceParameter[] {
  const variables = new Set(pathTemplateVariables(path));
  const unnamed = [...variables].some((variable) => !parameters.some((parameter) => parameter.name === variable));
  const kept = parameters.flatMap((parameter): SourceParameter[] => {
    if (parameter.in !== "path" || variables.has(parameter.name)) return [parameter];
    const inQuery = parameters.some((other) => other.in === "query" && other.name === parameter.name);
    if (unnamed || inQuery) {
      diagnostics.warn(parameter.pointer, `path parameter ${parameter.name} is not in the path ${path}: dropped`);
      return [];
    }
    diagnostics.warn(
      parameter.pointer,
      `path parameter ${parameter.name} is not in the path ${path}: read as an optional query parameter`,
    );
    return [{ ...parameter, in: "query", required: false, style: "form", explode: true }];
  });
  for (const variable of variables) {
    if (kept.some((parameter) => parameter.in === "path" && parameter.name === variable)) continue;
    const elsewhere = kept.findIndex((parameter) => parameter.name === variable);
    if (elsewhere >= 0) {
      const { allowReserved: _query, contentType: _content, ...declared } = kept[elsewhere]!;
      diagnostics.warn(
        declared.pointer,
        `path variable {${variable}} of ${path} is declared in ${declared.in}: read as the path parameter`,
      );
      kept[elsewhere] = { ...declared, in: "path", required: true, style: "simple", explode: false };
      continue;
    }
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
