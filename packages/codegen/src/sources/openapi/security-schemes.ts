/** Security schemes as declared (Swagger 2.0 `securityDefinitions`, OpenAPI 3 `components.securitySchemes`). */
import { isHeaderName } from "@mcpsmith/runtime/internal";
import type { Diagnostics } from "./diagnostics.js";
import type { SourceSecurityScheme, SpecDialect } from "./model.js";
import { childPointer, isObject, type JsonObject, type RefResolver } from "./refs.js";

export function readSecuritySchemes(
  root: JsonObject,
  dialect: SpecDialect,
  refs: RefResolver,
  diagnostics: Diagnostics,
): SourceSecurityScheme[] {
  const container =
    dialect === "swagger2"
      ? root.securityDefinitions
      : isObject(root.components)
        ? root.components.securitySchemes
        : undefined;
  const base = dialect === "swagger2" ? "/securityDefinitions" : "/components/securitySchemes";
  if (!isObject(container)) return [];
  return Object.entries(container).map(([name, value]) => {
    const declared = childPointer(base, name);
    const followed = refs.follow(value, declared);
    const scheme = followed && isObject(followed.value) ? followed.value : {};
    return readScheme(name, scheme, followed?.pointer ?? declared, dialect, diagnostics);
  });
}

function readScheme(
  name: string,
  scheme: JsonObject,
  pointer: string,
  dialect: SpecDialect,
  diagnostics: Diagnostics,
): SourceSecurityScheme {
  const type = typeof scheme.type === "string" ? scheme.type : "";
  const result: SourceSecurityScheme = { name, pointer, type };
  if (typeof scheme.description === "string" && scheme.description.trim() !== "") {
    result.description = scheme.description.trim();
  }
  // A scheme declared without what sending it takes is said, and nothing is sent with it: the requirements'
  // alternatives that need it are dropped, and an operation left with none is skipped (security.ts), as for a
  // scheme the executor cannot send. Emby's document declares `embyauth: {}` beside a usable API key.
  const unreadable = (problem: string) => {
    diagnostics.warn(
      pointer,
      `${problem}: nothing is sent with it (the security alternatives that need it are dropped)`,
    );
    result.unreadable = true;
  };
  // CrowdSec's JWT scheme is an API key in the header `Authorization: Bearer`: a header and the start of its value,
  // which is the http scheme it describes. Any other header name that is not one cannot be sent.
  const readHeaderAndValue = (declared: string) => {
    const colon = declared.indexOf(":");
    const header = declared.slice(0, colon).trim();
    const authScheme = declared.slice(colon + 1).trim();
    if (colon < 0 || header.toLowerCase() !== "authorization" || !isHeaderName(authScheme)) {
      unreadable(
        `apiKey scheme "${name}" is sent in the header ${JSON.stringify(declared)}, which is not a header name`,
      );
      return;
    }
    result.type = "http";
    result.scheme = authScheme.toLowerCase();
    diagnostics.warn(
      pointer,
      `apiKey scheme "${name}" names the header ${JSON.stringify(declared)}, a header and its value's scheme: read as an http ${result.scheme} scheme`,
    );
  };
  if (type === "apiKey") {
    if (typeof scheme.name !== "string" || typeof scheme.in !== "string") {
      unreadable(`apiKey scheme "${name}" needs both \`name\` and \`in\``);
    } else if (scheme.in === "header" && !isHeaderName(scheme.name)) {
      readHeaderAndValue(scheme.name);
    } else {
      result.paramName = scheme.name;
      result.in = scheme.in;
    }
  } else if (type === "http") {
    if (typeof scheme.scheme !== "string") unreadable(`http scheme "${name}" needs \`scheme\``);
    else result.scheme = scheme.scheme.toLowerCase();
  } else if (type === "basic" && dialect === "swagger2") {
    result.type = "http";
    result.scheme = "basic";
  } else if (type === "oauth2") {
    const tokenUrl = clientCredentialsTokenUrl(scheme, dialect);
    if (tokenUrl !== undefined) result.clientCredentialsTokenUrl = tokenUrl;
  } else if (type === "") {
    unreadable(`security scheme "${name}" has no type`);
  }
  return result;
}

function clientCredentialsTokenUrl(scheme: JsonObject, dialect: SpecDialect): string | undefined {
  if (dialect === "swagger2") {
    return scheme.flow === "application" && typeof scheme.tokenUrl === "string" ? scheme.tokenUrl : undefined;
  }
  const flows = isObject(scheme.flows) ? scheme.flows : {};
  const flow = flows.clientCredentials;
  return isObject(flow) && typeof flow.tokenUrl === "string" ? flow.tokenUrl : undefined;
}
