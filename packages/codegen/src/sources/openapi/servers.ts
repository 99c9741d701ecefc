/**
 * Servers as the executor takes them: URL templates with their variables (defaults and enums). Relative URLs stay
 * relative (a file has no location to resolve them against); the base URL variable overrides them at run time.
 */
import type { HttpServer, HttpServerVariable } from "@mcpsmith/runtime/http";
import type { Diagnostics } from "./diagnostics.js";
import { isObject, type JsonObject } from "./refs.js";

/** OpenAPI 3 `servers` (document, path item or operation level); `undefined` when the level sets none. */
export function readServers(value: unknown, pointer: string, diagnostics: Diagnostics): HttpServer[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    diagnostics.warn(pointer, "servers must be a list: ignored");
    return undefined;
  }
  const servers: HttpServer[] = [];
  value.forEach((entry, index) => {
    const at = `${pointer}/${index}`;
    if (!isObject(entry) || typeof entry.url !== "string") {
      diagnostics.warn(at, "a server without a url: ignored");
      return;
    }
    const variables = readVariables(entry.url, entry.variables, (name) => `${at}/variables/${name}`, diagnostics);
    servers.push(variables ? { url: entry.url, variables } : { url: entry.url });
  });
  return servers;
}

function readVariables(
  url: string,
  value: unknown,
  pointerOf: (name: string) => string,
  diagnostics: Diagnostics,
): Record<string, HttpServerVariable> | undefined {
  const declared = isObject(value) ? value : {};
  const variables: Record<string, HttpServerVariable> = {};
  for (const [, name] of url.matchAll(/\{([^{}]+)\}/g)) {
    const variable = declared[name!];
    const at = pointerOf(name!);
    if (!isObject(variable) || variable.default === undefined) {
      diagnostics.warn(at, `server variable {${name}} has no default: set it through the base URL variable`);
      variables[name!] = { default: "" };
      continue;
    }
    const enumValues = Array.isArray(variable.enum) ? variable.enum.map(String) : undefined;
    const fallback = String(variable.default);
    // Shlink's `{scheme}://{host}`: a self-hosted API's host is the user's to give.
    if (fallback === "" && enumValues === undefined) {
      diagnostics.warn(
        at,
        `server variable {${name}} defaults to an empty value: set it through the base URL variable`,
      );
    }
    if (enumValues && enumValues.length > 0 && !enumValues.includes(fallback)) {
      diagnostics.warn(at, `default "${fallback}" is not in the variable's enum; kept as the default`);
    }
    variables[name!] =
      enumValues && enumValues.length > 0 ? { default: fallback, enum: enumValues } : { default: fallback };
  }
  return Object.keys(variables).length > 0 ? variables : undefined;
}

/**
 * Swagger 2.0 `schemes` x `host` + `basePath`; https first. No host: the base path alone (a relative URL). Swagger
 * has no server variables, so a `{placeholder}` in them (BigCommerce's `/stores/{$$.env.store_hash}/v3`) is read as
 * an OpenAPI 3 variable without a default, with the same warning.
 */
export function swaggerServers(root: JsonObject, diagnostics: Diagnostics): HttpServer[] {
  const basePath = typeof root.basePath === "string" ? root.basePath.replace(/\/+$/, "") : "";
  const host = typeof root.host === "string" ? root.host : "";
  const where = (name: string) => (host.includes(`{${name}}`) ? "/host" : "/basePath");
  const variables = readVariables(`${host}${basePath}`, undefined, where, diagnostics);
  const withVariables = (url: string): HttpServer => (variables ? { url, variables } : { url });
  if (host === "") return [withVariables(basePath === "" ? "/" : basePath)];
  const declared = Array.isArray(root.schemes) ? root.schemes.filter((s): s is string => typeof s === "string") : [];
  const schemes = declared.length > 0 ? declared.map((s) => s.toLowerCase()) : ["https"];
  const ordered = [...schemes.filter((s) => s === "https"), ...schemes.filter((s) => s !== "https")];
  return ordered
    .filter((scheme) => scheme === "http" || scheme === "https")
    .map((scheme) => withVariables(`${scheme}://${host}${basePath}`));
}
