/** The source model -> the IR: one tool per selected operation, names made safe and unique, shared API data. */
import type { HttpOperation } from "@mcpsmith/runtime/http";
import { answersWithoutBody } from "@mcpsmith/runtime/internal";
import type { OpenApiIR, ToolAnnotationsIR, ToolIR } from "../../ir/types.js";
import { uniqueToolNames } from "../../names/tool-name.js";
import { withSendableBody } from "./body.js";
import { Diagnostics } from "./diagnostics.js";
import { checkedPrefix, envPrefixFromTitle } from "./env-names.js";
import { lowerInput } from "./input.js";
import { orderAccepts } from "./media-types.js";
import type { SourceDocument, SourceOperation } from "./model.js";
import type { OpenApiSourceOptions } from "./options.js";
import { lowerOutput } from "./output.js";
import { isFixedHeader, requestTarget } from "./path-key.js";
import { RefResolver } from "./refs.js";
import { SchemaConverter } from "./schema-converter.js";
import { credentialsFor, lowerSecuritySchemes, toolRequirement, withoutCredentialParameters } from "./security.js";
import { selectOperations } from "./select.js";

export function lowerDocument(document: SourceDocument, options: OpenApiSourceOptions): OpenApiIR {
  const diagnostics = new Diagnostics(document.file);
  diagnostics.warnings.push(...document.warnings);
  const prefix =
    options.envPrefix !== undefined ? checkedPrefix(options.envPrefix) : envPrefixFromTitle(document.title);
  const schemes = lowerSecuritySchemes(document, prefix, diagnostics);
  const refs = new RefResolver(document.root);
  const converter = new SchemaConverter(document.dialect, refs, diagnostics);

  const selected: { operation: SourceOperation; security: string[][] }[] = [];
  const chosen = selectOperations(document.operations, options, diagnostics);
  const skipped = { security: 0, body: 0 };
  for (const operation of chosen) {
    const security = toolRequirement(operation, document, schemes, diagnostics);
    if (!security) {
      skipped.security++;
      continue;
    }
    const sendable = withSendableBody(operation, refs, diagnostics);
    if (!sendable) {
      skipped.body++;
      continue;
    }
    selected.push({ operation: withoutCredentialParameters(sendable, security, schemes, diagnostics), security });
  }
  const names = uniqueToolNames(
    selected.map(
      ({ operation }) => operation.mcp.name ?? operation.operationId ?? `${operation.method} ${operation.path}`,
    ),
    options.maxNameLength === undefined ? {} : { maxLength: options.maxNameLength },
  );

  const tools = selected.map(({ operation, security }, index): ToolIR<HttpOperation> => {
    const target = requestTarget(operation.path, operation.parameters);
    const parameters = operation.parameters.filter((parameter) => !isFixedHeader(target, parameter));
    const input = lowerInput({ ...operation, parameters }, converter.session("request"), refs);
    const accepts = orderAccepts(operation.responseMediaTypes);
    const binding: HttpOperation = {
      method: operation.sentAs,
      ...target,
      parameters: input.parameters,
      ...(input.body && { body: input.body }),
      security,
      ...(operation.servers && { servers: operation.servers }),
      ...(accepts.length > 0 && { accepts }),
    };
    const output =
      operation.jsonResponse && options.outputSchema !== false && !answersWithoutBody(operation.method)
        ? lowerOutput(operation.jsonResponse, converter.session("response"), refs)
        : undefined;
    const tool: ToolIR<HttpOperation> = {
      name: names[index]!,
      ...(operation.summary !== undefined && { title: operation.summary }),
      description: describe(operation),
      inputSchema: input.inputSchema,
      ...output,
      annotations: annotations(operation.method),
      group: operation.tags[0] ?? "default",
      deprecated: operation.deprecated,
      origin: { file: document.file, pointer: operation.pointer },
      binding,
    };
    return tool;
  });

  if (document.operations.length > 0 && tools.length === 0)
    diagnostics.warn("", noToolsReason(document, chosen, skipped));
  // Operations and path items may declare servers of their own (Open-Meteo's one path does): only the others need one.
  const serverless = tools.filter((tool) => !tool.binding.servers?.length).length;
  if (document.servers.length === 0 && serverless > 0) {
    const which =
      serverless === tools.length
        ? ""
        : ` for the ${serverless} of ${tools.length} tools whose operations declare none`;
    diagnostics.warn("/servers", `no servers: the base URL must be set with ${prefix}_BASE_URL${which}`);
  }
  const used = new Set(selected.flatMap(({ security }) => security.flat()));
  const ir: OpenApiIR = {
    kind: "openapi",
    title: document.title,
    version: document.version,
    api: {
      servers: document.servers,
      securitySchemes: Object.fromEntries([...schemes].filter(([name]) => used.has(name))),
      baseUrlEnv: `${prefix}_BASE_URL`,
    },
    tools,
    credentials: credentialsFor(schemes, used, document),
    warnings: diagnostics.warnings,
  };
  if (document.description !== undefined) ir.description = document.description;
  return ir;
}

/** The summary, then the description when it says more; the method and path when the spec gives neither. */
function describe(operation: SourceOperation): string {
  if (operation.mcp.description !== undefined) return operation.mcp.description;
  const { summary, description } = operation;
  if (summary !== undefined && description !== undefined) {
    return description.startsWith(summary) ? description : `${summary}\n\n${description}`;
  }
  return description ?? summary ?? `${operation.sentAs} ${operation.path}`;
}

/** RFC 9110's safe methods that read, and QUERY (a safe request with a body, read from OpenAPI 3.2). */
const SAFE_METHODS = new Set(["get", "head", "query"]);

function annotations(method: string): ToolAnnotationsIR {
  const result: ToolAnnotationsIR = {};
  if (SAFE_METHODS.has(method)) result.readOnlyHint = true;
  if (method === "delete") result.destructiveHint = true;
  if (method === "put" || method === "delete") result.idempotentHint = true;
  result.openWorldHint = true;
  return result;
}

/**
 * Why a document with operations gave no tool: none was selected, or every selected one was skipped, and for what
 * (a document naming only security schemes it never declares, as Supabase's generated one does, skips them all).
 */
function noToolsReason(
  document: SourceDocument,
  chosen: readonly SourceOperation[],
  skipped: { security: number; body: number },
): string {
  const all = document.operations.length;
  if (chosen.length === 0) return `no tools: none of the ${all} operations was selected`;
  const reasons = [
    skipped.security > 0 && `${skipped.security} for security the executor cannot meet`,
    skipped.body > 0 && `${skipped.body} for a body that cannot be sent`,
  ].filter((reason) => reason !== false);
  return `no tools: of the ${all} operations, ${chosen.length} were selected and all were skipped (${reasons.join(", ")}; see the warnings above)`;
}
