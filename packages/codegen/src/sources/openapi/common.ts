/** Reading pieces that Swagger 2.0 and OpenAPI 3.x share: methods, info, security requirements, `x-mcp`, paths. */
import { reservedHeaderReason } from "@mcpsmith/runtime/internal";
import type { Diagnostics } from "./diagnostics.js";
import type { McpExtension } from "./model.js";
import { isObject, type JsonObject } from "./refs.js";

export function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/**
 * Whether a header parameter may become a tool argument: not when the executor or the HTTP client sets that header
 * itself (`Accept`, `Content-Length`, `Host`, ...; the rule is the executor's). A parameter left out is warned about,
 * except `Authorization`, which may be the API's credential: its operation says (document.ts, `credentialHeaders`).
 */
export function headerParameterAllowed(name: string, pointer: string, diagnostics: Diagnostics): boolean {
  const reason = reservedHeaderReason(name);
  if (reason === undefined) return true;
  if (!isAuthorizationHeader(name)) diagnostics.warn(pointer, `header parameter ${name} ignored (${reason})`);
  return false;
}

export function isAuthorizationHeader(name: string): boolean {
  return name.toLowerCase() === "authorization";
}

/** The message an `Authorization` header parameter left out gets (OpenAPI says to ignore it). */
export const AUTHORIZATION_IGNORED = "ignored (OpenAPI says so; the executor sets it)";

const NO_VERSION = "0.0.0";

export function readInfo(root: JsonObject, file: string, diagnostics: Diagnostics) {
  const info = isObject(root.info) ? root.info : {};
  const title = text(info.title);
  if (title === undefined) diagnostics.warn("/info/title", "no title: the file name is used instead");
  // A YAML `version: 1.0` is read as a number; the server's identity needs some version (MCP requires one).
  const version = typeof info.version === "number" ? String(info.version) : text(info.version);
  if (version === undefined) diagnostics.warn("/info/version", `no version: ${NO_VERSION} is used instead`);
  return {
    title: title ?? (file.split(/[\\/]/).pop() ?? "api").replace(/\.[^.]+$/, ""),
    version: version ?? NO_VERSION,
    description: text(info.description),
  };
}

/**
 * A security requirement list: alternatives (OR) of scheme names (AND). `[]` (no alternatives) means no
 * authentication; `{}` inside the list is an alternative with no scheme (authentication optional).
 */
export function readSecurity(
  value: unknown,
  pointer: string,
  diagnostics: Diagnostics,
  scopes?: Map<string, Set<string>>,
): string[][] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    diagnostics.problem(pointer, "security must be a list of requirement objects");
    return undefined;
  }
  return value.flatMap((requirement, index) => {
    if (!isObject(requirement)) {
      diagnostics.problem(`${pointer}/${index}`, "a security requirement must be an object of scheme names");
      return [];
    }
    for (const [scheme, list] of Object.entries(requirement)) {
      const known = scopes?.get(scheme) ?? new Set<string>();
      if (Array.isArray(list)) for (const scope of list) if (typeof scope === "string") known.add(scope);
      scopes?.set(scheme, known);
    }
    return [Object.keys(requirement)];
  });
}

/** `x-mcp: false`, `x-mcp: true`, or `x-mcp: { exclude, name, description }`. */
export function readMcpExtension(value: unknown, pointer: string, diagnostics: Diagnostics): McpExtension {
  if (value === undefined) return {};
  if (typeof value === "boolean") return { exclude: !value };
  if (!isObject(value)) {
    diagnostics.warn(
      `${pointer}/x-mcp`,
      "x-mcp must be a boolean or an object { exclude, name, description }: ignored",
    );
    return {};
  }
  const extension: McpExtension = {};
  if (typeof value.exclude === "boolean") extension.exclude = value.exclude;
  if (typeof value.name === "string" && value.name.trim() !== "") extension.name = value.name.trim();
  if (typeof value.description === "string" && value.description.trim() !== "") {
    extension.description = value.description.trim();
  }
  return extension;
}

/** Field by field, the nearer extension wins (operation over path item over document). */
export function mergeMcpExtensions(...extensions: McpExtension[]): McpExtension {
  return Object.assign({}, ...extensions) as McpExtension;
}

/** The `{variables}` of a path template. */
export function pathTemplateVariables(path: string): string[] {
  return [...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]!);
}
