/**
 * Security schemes -> the executor's bindings, with the environment variables their credentials come from, and
 * each tool's requirement (alternatives that need a scheme the executor cannot send are dropped with a warning).
 */
import type { HttpSecurityRequirement, HttpSecurityScheme } from "@mcpsmith/runtime/http";
import type { CredentialIR } from "../../ir/types.js";
import type { Diagnostics } from "./diagnostics.js";
import { schemeEnvName } from "./env-names.js";
import type { SourceDocument, SourceOperation, SourceSecurityScheme } from "./model.js";

export function lowerSecuritySchemes(
  document: SourceDocument,
  prefix: string,
  diagnostics: Diagnostics,
): Map<string, HttpSecurityScheme> {
  const schemes = new Map<string, HttpSecurityScheme>();
  for (const scheme of document.securitySchemes) {
    const lowered = scheme.unreadable ? undefined : lowerScheme(scheme, prefix, document.scopes[scheme.name] ?? []);
    if (lowered) schemes.set(scheme.name, lowered);
    else if (!scheme.unreadable) {
      const kind = scheme.type === "http" ? `http ${scheme.scheme}` : scheme.type;
      diagnostics.warn(scheme.pointer, `security scheme "${scheme.name}" (${kind}) cannot be sent by the executor`);
    }
  }
  return schemes;
}

function lowerScheme(scheme: SourceSecurityScheme, prefix: string, scopes: string[]): HttpSecurityScheme | undefined {
  const env = (suffix?: string) => schemeEnvName(prefix, scheme.name, suffix);
  switch (scheme.type) {
    case "apiKey":
      if (scheme.in !== "header" && scheme.in !== "query" && scheme.in !== "cookie") return undefined;
      return { type: "apiKey", in: scheme.in, name: scheme.paramName!, env: env() };
    case "http":
      if (scheme.scheme === "bearer") return { type: "http", scheme: "bearer", env: env() };
      if (scheme.scheme === "basic") {
        return { type: "http", scheme: "basic", usernameEnv: env("USERNAME"), passwordEnv: env("PASSWORD") };
      }
      return undefined;
    case "oauth2":
      if (scheme.clientCredentialsTokenUrl !== undefined) {
        return {
          type: "oauth2",
          flow: "clientCredentials",
          tokenUrl: scheme.clientCredentialsTokenUrl,
          scopes,
          clientIdEnv: env("CLIENT_ID"),
          clientSecretEnv: env("CLIENT_SECRET"),
        };
      }
      return { type: "bearerToken", env: env("TOKEN") };
    case "openIdConnect":
      return { type: "bearerToken", env: env("TOKEN") };
    default:
      return undefined;
  }
}

/**
 * The operation's requirement (its own, else the document's) with the alternatives the executor can satisfy.
 * `undefined` when none is left: the tool could never authenticate, so it is skipped (with a warning).
 */
export function toolRequirement(
  operation: SourceOperation,
  document: SourceDocument,
  schemes: ReadonlyMap<string, HttpSecurityScheme>,
  diagnostics: Diagnostics,
): HttpSecurityRequirement | undefined {
  const declared = operation.security ?? document.security;
  const usable = declared.filter((alternative) => alternative.every((name) => schemes.has(name)));
  if (declared.length > 0 && usable.length === 0) {
    const names = [...new Set(declared.flat())].join(", ");
    diagnostics.warn(operation.pointer, `skipped: it requires ${names}, which the executor cannot send`);
    return undefined;
  }
  const written = operation.security ? `${operation.pointer}/security` : "/security";
  return usable.flatMap((alternative) => sendable(alternative, schemes, written, diagnostics));
}

/**
 * An alternative as it can be sent. Two of its schemes that put their credential in the same place cannot both be
 * sent (PagerDuty's SCIM spec asks for an API key in `Authorization` and a bearer token, also in `Authorization`,
 * together): the only reading that can be sent is either of them, so the alternative becomes one per choice, the
 * rest of it kept. Said once per requirement as written.
 */
function sendable(
  alternative: string[],
  schemes: ReadonlyMap<string, HttpSecurityScheme>,
  written: string,
  diagnostics: Diagnostics,
): string[][] {
  const byPlace = new Map<string, string[]>();
  for (const name of alternative) {
    const place = placeOf(schemes.get(name)!);
    byPlace.set(place, [...(byPlace.get(place) ?? []), name]);
  }
  if (byPlace.size === alternative.length) return [alternative];
  for (const [place, names] of byPlace) {
    if (names.length > 1) {
      diagnostics.warnOnce(
        written,
        `security asks for ${names.join(" and ")} together, but each is sent in the ${place}: read as either one`,
      );
    }
  }
  // One scheme of each place, in every combination.
  return [...byPlace.values()].reduce<string[][]>(
    (choices, names) => choices.flatMap((chosen) => names.map((name) => [...chosen, name])),
    [[]],
  );
}

/** The place a scheme's credential travels in: what two schemes of one alternative must not share. */
function placeOf(scheme: HttpSecurityScheme): string {
  if (scheme.type !== "apiKey") return "authorization header";
  return scheme.in === "header" ? `${scheme.name.toLowerCase()} header` : `${scheme.name} ${scheme.in}`;
}

/** The variables of the schemes the tools use, in scheme order, for the README and `.env.example`. */
export function credentialsFor(
  schemes: ReadonlyMap<string, HttpSecurityScheme>,
  used: ReadonlySet<string>,
  document: SourceDocument,
): CredentialIR[] {
  const credentials: CredentialIR[] = [];
  for (const [name, scheme] of schemes) {
    if (!used.has(name)) continue;
    const about = document.securitySchemes
      .find((s) => s.name === name)
      ?.description?.split("\n")[0]
      ?.slice(0, 200);
    const add = (env: string, what: string) =>
      credentials.push({ env, scheme: name, description: about ? `${what} (${about})` : what });
    if (scheme.type === "apiKey") add(scheme.env, `API key sent in the ${scheme.in} ${scheme.name}`);
    else if (scheme.type === "http" && scheme.scheme === "bearer") add(scheme.env, "Bearer token");
    else if (scheme.type === "http") {
      add(scheme.usernameEnv, "HTTP basic user name");
      add(scheme.passwordEnv, "HTTP basic password");
    } else if (scheme.type === "oauth2") {
      add(scheme.clientIdEnv, `OAuth2 client id (client credentials at ${scheme.tokenUrl})`);
      add(scheme.clientSecretEnv, "OAuth2 client secret");
    } else add(scheme.env, "Access token obtained by the user, sent as a bearer token");
  }
  return credentials;
}

/** Parameter names that carry a bearer credential when the spec also declares it as a scheme (Slack's `token`). */
const TOKEN_PARAMETERS = new Set(["token", "access_token"]);

/**
 * The operation's parameters without those that duplicate a credential of its security requirement: an apiKey
 * parameter with the scheme's name and location, or a `token`/`access_token` query or header parameter beside a
 * bearer-type scheme (a path `{token}` names a resource, as in datadog's public dashboards). Asking the model
 * for a secret as a tool argument would put it in the conversation; the executor sends it from the environment.
 */
export function withoutCredentialParameters(
  operation: SourceOperation,
  requirement: HttpSecurityRequirement,
  schemes: ReadonlyMap<string, HttpSecurityScheme>,
  diagnostics: Diagnostics,
): SourceOperation {
  const used = requirement.flat().flatMap((name) => schemes.get(name) ?? []);
  if (used.length === 0) return operation;
  const bearer = used.some(
    (scheme) => scheme.type !== "apiKey" && !(scheme.type === "http" && scheme.scheme === "basic"),
  );
  const duplicates = (parameter: SourceOperation["parameters"][number]) =>
    used.some(
      (scheme) =>
        scheme.type === "apiKey" &&
        scheme.in === parameter.in &&
        scheme.name.toLowerCase() === parameter.name.toLowerCase(),
    ) ||
    (bearer && parameter.in !== "path" && TOKEN_PARAMETERS.has(parameter.name.toLowerCase()));
  const parameters = operation.parameters.filter((parameter) => {
    if (!duplicates(parameter)) return true;
    diagnostics.warn(
      parameter.pointer,
      `parameter ${parameter.name} duplicates the credential of the security scheme: left out (sent from the environment)`,
    );
    return false;
  });
  return parameters.length === operation.parameters.length ? operation : { ...operation, parameters };
}
