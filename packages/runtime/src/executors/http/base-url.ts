import { ToolError } from "../../results/tool-error.js";
import type { HttpApi, HttpOperation, HttpServer } from "./operation.js";

export interface BaseUrlSources {
  /** Configured base URL; wins over everything. */
  baseUrl?: string;
  /** Values for server variables, over their defaults. */
  serverVariables?: Record<string, string>;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * The URL an operation's path is appended to: the configured base URL, else the API's base-URL environment
 * variable, else the operation's (or the API's) first server with its variables substituted. Never anything from
 * tool arguments: a model must not be able to point the server's credentials at another host.
 */
export function resolveBaseUrl(api: HttpApi, operation: HttpOperation, sources: BaseUrlSources): string {
  if (sources.baseUrl) return checked(sources.baseUrl, "the baseUrl option");
  const fromEnv = api.baseUrlEnv ? sources.env[api.baseUrlEnv] : undefined;
  if (api.baseUrlEnv && fromEnv) return checked(fromEnv, `the environment variable ${api.baseUrlEnv}`);

  const server = operation.servers?.[0] ?? api.servers[0];
  const hint = api.baseUrlEnv
    ? `set ${api.baseUrlEnv} (or the executor's baseUrl option)`
    : "pass the executor's baseUrl option";
  if (!server) throw new ToolError(`The API declares no server, so there is no URL to call: ${hint}.`);
  const overrides = sources.serverVariables ?? {};
  const url = substitute(server, overrides);
  // A variable left empty (Shlink's `{scheme}://{host}` defaults host to "", as a self-hosted API must) names no server.
  const unset = Object.keys(server.variables ?? {}).filter(
    (name) =>
      overrides[name] === undefined && server.variables![name]!.default === "" && server.url.includes(`{${name}}`),
  );
  if (unset.length > 0 && !URL.canParse(url)) {
    const names = unset.map((name) => `{${name}}`).join(", ");
    throw new ToolError(
      `The server URL ${server.url} has no value for ${names}: ${hint}, or set it in serverVariables.`,
    );
  }
  if (!/^https?:\/\//i.test(url)) {
    throw new ToolError(`The API's server URL "${url}" is relative, so it needs a base URL to call: ${hint}.`);
  }
  return checked(url, `the server ${server.url}`);
}

function substitute(server: HttpServer, overrides: Record<string, string>): string {
  return server.url.replace(/\{([^{}]+)\}/g, (_template, name: string) => {
    const variable = server.variables?.[name];
    const value = overrides[name] ?? variable?.default;
    if (value === undefined) {
      throw new ToolError(
        `The server URL ${server.url} uses {${name}}, which has no default: set it in serverVariables.`,
      );
    }
    if (variable?.enum && variable.enum.length > 0 && !variable.enum.includes(value)) {
      throw new ToolError(
        `The server variable "${name}" is "${value}", which is not one of ${variable.enum.map((v) => `"${v}"`).join(", ")}.`,
      );
    }
    return value;
  });
}

function checked(url: string, source: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ToolError(`The base URL from ${source} ("${url}") is not a valid URL.`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new ToolError(`The base URL from ${source} must be http or https, not ${parsed.protocol}.`);
  }
  // Paths are appended to the base as the specification writes them (with a leading slash).
  return url.replace(/\/+$/, "");
}
