import { McpsmithError } from "../errors.js";
import { isMiddleware } from "./middleware.js";
import type { ServerModel } from "./types.js";
import { templateVariables } from "./uri-template.js";

/** The longest tool name the protocol allows. */
export const MAX_TOOL_NAME_LENGTH = 128;
/** The MCP rule for tool names (2025-11-25 and 2026-07-28). */
export const TOOL_NAME = new RegExp(`^[A-Za-z0-9_.-]{1,${MAX_TOOL_NAME_LENGTH}}$`);
/** {@link TOOL_NAME} in words, for messages. */
export const TOOL_NAME_RULE = `1-${MAX_TOOL_NAME_LENGTH} characters of A-Z a-z 0-9 _ . -`;
/** A URI's scheme (RFC 3986): what makes a string a URI rather than a path. */
export const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const DESCRIBE = "pass { description }, or set requireDescriptions: false in the model options";
const FROM_DOC_COMMENT = "`mcpsmith build` (or `mcpsmith dev`) takes it from the method's doc comment; or ";

/**
 * Checks what can be checked without compiling schemas: names, duplicates, descriptions, URIs and
 * completion targets. Every problem is reported at once, each naming the class and method it came from.
 */
export function modelProblems(model: ServerModel): string[] {
  const problems: string[] = [];
  const at = (origin: string | undefined, fallback: string) => origin ?? fallback;
  if (!model.info.name) problems.push(`server: "name" is required`);
  if (!model.info.version) problems.push(`server: "version" is required`);
  const toolTimeout = timeoutProblem(model.options.toolTimeout);
  if (toolTimeout) problems.push(`server: options.toolTimeout ${toolTimeout}`);
  for (const [index, middleware] of (model.middleware ?? []).entries()) {
    if (!isMiddleware(middleware)) {
      problems.push(`middleware #${index + 1}: pass a plain object with an http, request or tool hook (a function)`);
    }
  }

  const toolNames = new Map<string, string>();
  for (const tool of model.tools) {
    const where = at(tool.origin, `tool "${tool.name}"`);
    if (!TOOL_NAME.test(tool.name)) {
      problems.push(`${where}: tool name "${tool.name}" must be ${TOOL_NAME_RULE}`);
    }
    const first = toolNames.get(tool.name);
    if (first !== undefined) problems.push(`${where}: duplicate tool name "${tool.name}" (first declared by ${first})`);
    else toolNames.set(tool.name, where);
    const timeout = timeoutProblem(tool.timeout);
    if (timeout) problems.push(`${where}: tool "${tool.name}" timeout ${timeout}`);
    if (tool.inputMissing !== undefined && tool.input === undefined) {
      problems.push(`${where}: tool "${tool.name}" ${tool.inputMissing}`);
    }
    if (model.options.requireDescriptions !== false && !tool.description?.trim()) {
      const fromDoc = tool.docComment ? FROM_DOC_COMMENT : "";
      problems.push(
        `${where}: tool "${tool.name}" needs a description (models choose tools by it): ${fromDoc}${DESCRIBE}`,
      );
    }
  }

  const promptNames = new Map<string, string>();
  for (const prompt of model.prompts) {
    const where = at(prompt.origin, `prompt "${prompt.name}"`);
    if (!prompt.name) problems.push(`${where}: prompt name is empty`);
    if (prompt.inputMissing !== undefined && prompt.args === undefined) {
      problems.push(`${where}: prompt "${prompt.name}" ${prompt.inputMissing}`);
    }
    const first = promptNames.get(prompt.name);
    if (first !== undefined)
      problems.push(`${where}: duplicate prompt name "${prompt.name}" (first declared by ${first})`);
    else promptNames.set(prompt.name, where);
  }

  const uris = new Map<string, string>();
  for (const resource of model.resources) {
    const where = at(resource.origin, `resource "${resource.uri}"`);
    if (!URI_SCHEME.test(resource.uri)) problems.push(`${where}: resource URI "${resource.uri}" has no scheme`);
    const first = uris.get(resource.uri);
    if (first !== undefined)
      problems.push(`${where}: duplicate resource URI "${resource.uri}" (first declared by ${first})`);
    else uris.set(resource.uri, where);
  }
  for (const template of model.resourceTemplates) {
    const where = at(template.origin, `resource template "${template.uriTemplate}"`);
    if (!URI_SCHEME.test(template.uriTemplate)) {
      problems.push(`${where}: resource template "${template.uriTemplate}" has no scheme`);
    }
    const first = uris.get(template.uriTemplate);
    if (first !== undefined) {
      problems.push(`${where}: duplicate resource template "${template.uriTemplate}" (first declared by ${first})`);
    } else uris.set(template.uriTemplate, where);
    const variables = new Set(templateVariables(template.uriTemplate));
    for (const name of Object.keys(template.complete ?? {})) {
      if (!variables.has(name)) {
        problems.push(`${where}: "complete" names "${name}", which is not a variable of "${template.uriTemplate}"`);
      }
    }
  }
  problems.push(...scopeProblems(model));
  problems.push(...cacheHintProblems(model));
  const { pageSize } = model.options;
  if (pageSize !== undefined && !(Number.isSafeInteger(pageSize) && pageSize > 0)) {
    problems.push(`options.pageSize must be a whole number of entries > 0, got ${pageSize}`);
  }
  return problems;
}

/** An OAuth scope-token (RFC 6749 3.3): printable ASCII but space, `"` and `\\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/** Scopes go into `WWW-Authenticate` challenges: each must be a scope-token, or a challenge would be malformed. */
function scopeProblems(model: ServerModel): string[] {
  const members = [
    ...model.tools.map((m) => ({ scopes: m.scopes, where: m.origin ?? `tool "${m.name}"` })),
    ...model.resources.map((m) => ({ scopes: m.scopes, where: m.origin ?? `resource "${m.uri}"` })),
    ...model.resourceTemplates.map((m) => ({
      scopes: m.scopes,
      where: m.origin ?? `resource template "${m.uriTemplate}"`,
    })),
    ...model.prompts.map((m) => ({ scopes: m.scopes, where: m.origin ?? `prompt "${m.name}"` })),
  ];
  const problems: string[] = [];
  for (const { scopes, where } of members) {
    if (scopes === undefined) continue;
    if (!Array.isArray(scopes)) {
      problems.push(`${where}: scopes must be an array of scope names, got ${JSON.stringify(scopes)}`);
      continue;
    }
    for (const scope of scopes) {
      if (typeof scope !== "string" || !SCOPE_TOKEN.test(scope)) {
        problems.push(
          `${where}: scope ${JSON.stringify(scope)} is not an OAuth scope (printable ASCII, no spaces, quotes or backslashes)`,
        );
      }
    }
  }
  return problems;
}

/** Checked here, once: the SDK would otherwise refuse a bad hint on every request, when it builds its Server. */
function cacheHintProblems(model: ServerModel): string[] {
  const problems: string[] = [];
  for (const [method, hint] of Object.entries(model.options.cache ?? {})) {
    if (hint.ttlMs !== undefined && !(Number.isSafeInteger(hint.ttlMs) && hint.ttlMs >= 0)) {
      problems.push(`options.cache["${method}"]: ttlMs must be a whole number of milliseconds >= 0, got ${hint.ttlMs}`);
    }
    if (hint.cacheScope !== undefined && hint.cacheScope !== "public" && hint.cacheScope !== "private") {
      problems.push(
        `options.cache["${method}"]: cacheScope must be "public" or "private", got ${JSON.stringify(hint.cacheScope)}`,
      );
    }
  }
  return problems;
}

export function invalidModel(problems: readonly string[]): McpsmithError {
  return new McpsmithError(
    "E_MODEL_INVALID",
    `Invalid MCP server model (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  );
}

/** What is wrong with a timeout in milliseconds, if anything. */
function timeoutProblem(ms: number | undefined): string | undefined {
  if (ms === undefined || (Number.isFinite(ms) && ms > 0)) return undefined;
  return `must be a positive number of milliseconds, got ${ms}`;
}
