import { McpsmithError } from "../../errors.js";
import { ToolError } from "../../results/tool-error.js";
import { encodeStrict } from "./encode.js";
import type { OAuth2Tokens } from "./oauth2.js";
import type { HttpApi, HttpSecurityRequirement, HttpSecurityScheme } from "./operation.js";

export type Env = Readonly<Record<string, string | undefined>>;

/** What the chosen credentials add to a request. */
export interface AppliedAuth {
  headers: [string, string][];
  query: string[];
  cookies: string[];
  /** The OAuth2 access tokens obtained, to be scrubbed from anything the executor reports. */
  tokens: string[];
  /** The OAuth2 schemes used: a 401 answer makes their tokens stale. */
  oauth2: Extract<HttpSecurityScheme, { type: "oauth2" }>[];
}

export type Chosen = [name: string, scheme: HttpSecurityScheme][];

/**
 * Picks the alternative to authenticate with: the first one (in the spec's order) whose every scheme has its
 * credentials in the environment. An empty alternative makes authentication optional: it is used only when no
 * other alternative can be, so configured credentials are always sent. When nothing fits, the call fails naming
 * the variables to set, and no request is made.
 */
export function chooseCredentials(
  api: HttpApi,
  requirement: HttpSecurityRequirement,
  env: Env,
  headerOf: ReadonlyMap<string, string> = new Map(),
): Chosen {
  if (requirement.length === 0) return [];
  const missing: string[][] = [];
  let optional = false;
  for (const alternative of requirement) {
    if (alternative.length === 0) {
      optional = true;
      continue;
    }
    const chosen: Chosen = [];
    const absent: string[] = [];
    for (const name of alternative) {
      const scheme = api.securitySchemes[name];
      if (!scheme) {
        throw new McpsmithError(
          "E_BINDING_INVALID",
          `The operation requires the security scheme "${name}", which the API does not define.`,
        );
      }
      absent.push(...missingVariables(scheme, env));
      chosen.push([name, scheme]);
    }
    if (absent.length === 0) return chosen;
    missing.push(absent);
  }
  if (optional) return [];
  throw new ToolError(`Missing credentials, so the request was not sent: ${whatToProvide(missing, headerOf)}.`);
}

/**
 * What would let the call through, one alternative after another: variables to set in the server's environment,
 * or (with credential forwarding, forward.ts) headers the caller sends with the MCP request.
 */
function whatToProvide(missing: string[][], headerOf: ReadonlyMap<string, string>): string {
  const forwarded = (vars: string[]) => vars.some((name) => headerOf.has(name));
  if (!missing.some(forwarded))
    return `set ${missing.map((vars) => vars.join(" and ")).join(", or set ")} in the server's environment`;
  return missing
    .map((vars) => {
      const headers = [...new Set(vars.flatMap((name) => headerOf.get(name) ?? []))];
      const variables = vars.filter((name) => !headerOf.has(name));
      return [
        ...(headers.length > 0
          ? [`send the ${headers.join(" and ")} header${headers.length > 1 ? "s" : ""} with the MCP request`]
          : []),
        ...(variables.length > 0 ? [`set ${variables.join(" and ")} in the server's environment`] : []),
      ].join(" and ");
    })
    .join(", or ");
}

/** A variable counts when it is set and not empty; a Basic password may be empty but must be set. */
function missingVariables(scheme: HttpSecurityScheme, env: Env): string[] {
  const needed = (name: string) => (env[name] ? [] : [name]);
  switch (scheme.type) {
    case "http":
      if (scheme.scheme === "basic") {
        return [...needed(scheme.usernameEnv), ...(env[scheme.passwordEnv] === undefined ? [scheme.passwordEnv] : [])];
      }
      return needed(scheme.env);
    case "oauth2":
      return [...needed(scheme.clientIdEnv), ...needed(scheme.clientSecretEnv)];
    default:
      return needed(scheme.env);
  }
}

/** Turns the chosen schemes into headers, query pairs and cookies (fetching OAuth2 tokens as needed). */
export async function applyCredentials(
  chosen: Chosen,
  env: Env,
  tokens: OAuth2Tokens,
  baseUrl: string,
  signal: AbortSignal,
  headerOf: ReadonlyMap<string, string> = new Map(),
): Promise<AppliedAuth> {
  const applied: AppliedAuth = { headers: [], query: [], cookies: [], tokens: [], oauth2: [] };
  const bearer = (token: string) => applied.headers.push(["Authorization", `Bearer ${token}`]);
  const read = (name: string) => credential(env, name, headerOf.get(name));
  for (const [, scheme] of chosen) {
    switch (scheme.type) {
      case "apiKey": {
        const key = read(scheme.env);
        if (scheme.in === "header") applied.headers.push([scheme.name, key]);
        else if (scheme.in === "query") applied.query.push(`${encodeStrict(scheme.name)}=${encodeStrict(key)}`);
        else applied.cookies.push(`${encodeStrict(scheme.name)}=${encodeStrict(key)}`);
        break;
      }
      case "http":
        if (scheme.scheme === "basic") {
          const encoded = Buffer.from(`${read(scheme.usernameEnv)}:${read(scheme.passwordEnv)}`).toString("base64");
          applied.headers.push(["Authorization", `Basic ${encoded}`]);
        } else {
          bearer(read(scheme.env));
        }
        break;
      case "oauth2": {
        const token = await tokens.get(scheme, read(scheme.clientIdEnv), read(scheme.clientSecretEnv), baseUrl, signal);
        applied.tokens.push(token);
        applied.oauth2.push(scheme);
        bearer(token);
        break;
      }
      case "bearerToken":
        bearer(read(scheme.env));
        break;
    }
  }
  return applied;
}

/**
 * A credential as it will travel. A line break would split a header (and `fetch` would put the value in its
 * error message): usually a stray newline from a file, so say which variable (or forwarded header), never what
 * it holds.
 */
function credential(env: Env, name: string, header: string | undefined): string {
  const value = env[name] ?? "";
  if (/[\r\n\0]/.test(value)) {
    const source = header === undefined ? `The environment variable ${name}` : `The ${header} header`;
    throw new ToolError(`${source} contains a line break or NUL: remove it (check for a trailing newline).`);
  }
  return value;
}

/** The secret values the chosen schemes read, in the forms they travel in (raw, percent-encoded, Basic). */
export function secretValues(chosen: Chosen, env: Env): string[] {
  return chosen.flatMap(([, scheme]) => {
    switch (scheme.type) {
      case "http":
        if (scheme.scheme === "bearer") return [env[scheme.env] ?? ""];
        return [
          env[scheme.passwordEnv] ?? "",
          Buffer.from(`${env[scheme.usernameEnv]}:${env[scheme.passwordEnv]}`).toString("base64"),
        ];
      case "oauth2":
        return [env[scheme.clientSecretEnv] ?? ""];
      default: {
        const value = env[scheme.env] ?? "";
        return [value, encodeStrict(value)];
      }
    }
  });
}
