/**
 * What an OpenAPI operation's request must look like for given tool arguments, worked out from the OpenAPI
 * serialisation rules (the Parameter Object's style table, RFC 6570 expansion, the security scheme kinds) and
 * written independently of the runtime's executor, so a corpus test can hold the executor to the specification
 * rather than to itself. Values are compared decoded where the specification allows several spellings (`%2C` or
 * `,` between array items) and raw where it does not (`%20`, never `+`, for a space in a path or query).
 */
import type {
  HttpApi,
  HttpOperation,
  HttpParameter,
  HttpSecurityScheme,
} from "../../packages/runtime/dist/executors/http/index.js";
import { parseMultipart } from "./multipart.js";
import type { RecordedRequest } from "./upstream.js";

type Pairs = [string, string][];

export interface ExpectedRequest {
  method: string;
  /** The path exactly as it must be sent, percent-encoded, after the server's own path. */
  path: string;
  /** Query pairs the parameters make, decoded, in the order the operation lists them. */
  query: Pairs;
  /** Header parameters and the headers the path key fixes, names lower-cased. */
  headers: Record<string, string>;
  /** Cookie parameters as decoded `[name, value]` pairs, in the order the operation lists them. */
  cookies: Pairs;
}

/** The request the specification describes for `operation` called with `args` (credentials apart). */
export function expectedRequest(operation: HttpOperation, args: Record<string, unknown>): ExpectedRequest {
  // A few documents write a fixed query into the path key (OpenAI's `/responses?beta=true`, AWS's `/{Bucket}#uploads`):
  // the source gives it as `fixedQuery`, sent as the query's start (a flag reads as an empty value once decoded).
  let path = operation.path;
  const query: Pairs = (operation.fixedQuery ?? []).map(({ name, value }) => [name, value ?? ""]);
  // AWS's JSON protocol fixes `X-Amz-Target` in the path key (`/#X-Amz-Target=Service.Operation`).
  const headers: Record<string, string> = Object.fromEntries(
    (operation.fixedHeaders ?? []).map(({ name, value }) => [name.toLowerCase(), value]),
  );
  const cookies: Pairs = [];
  for (const parameter of operation.parameters) {
    const value = args[parameter.argument];
    // A null argument is an absent one (a nullable enum's null, say): the executor sends nothing for it.
    if (value === undefined || value === null) continue;
    // RFC 6570: an empty list or map is undefined, so outside a path it adds nothing (Linode's X-Filter `{}`).
    const empty = typeof value === "object" && Object.keys(value).length === 0;
    if (empty && parameter.in !== "path" && parameter.contentType === undefined) continue;
    // A path may name a variable twice (`/anything/{id}/lists/{id}`): each place takes the value.
    if (parameter.in === "path") path = path.replaceAll(`{${parameter.name}}`, pathValue(parameter, value));
    else if (parameter.in === "query") query.push(...queryPairs(parameter, value));
    else if (parameter.in === "querystring") query.push(...wholeQueryPairs(parameter, value));
    else if (parameter.in === "header") {
      const text =
        parameter.contentType !== undefined ? contentText(parameter, value) : simple(value, parameter.explode);
      headers[parameter.name.toLowerCase()] = text;
    } else cookies.push(...cookiePairs(parameter, value));
  }
  // The path as fetch sends it: a URL's path encodes what the template holds literally (SuperTokens' `<appId>`).
  return { method: operation.method, path: new URL(path, "http://upstream").pathname, query, headers, cookies };
}

/** `[name, value]` pairs of a raw query string, decoded as RFC 3986 says (a `+` stays a `+`). */
export function decodeQuery(raw: string): Pairs {
  if (raw === "") return [];
  return raw.split("&").map((pair) => {
    const eq = pair.indexOf("=");
    const [name, value] = eq < 0 ? [pair, ""] : [pair.slice(0, eq), pair.slice(eq + 1)];
    return [decodeURIComponent(name), decodeURIComponent(value)];
  });
}

/**
 * RFC 6570's simple expansion: everything but RFC 3986's unreserved characters is percent-encoded, `!'()*` too,
 * which `encodeURIComponent` leaves alone (a Matrix room id starts with `!`: `%21`).
 */
const encode = (value: unknown) =>
  encodeURIComponent(String(value)).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

function pathValue(parameter: HttpParameter, value: unknown): string {
  const { style, explode, name } = parameter;
  const prefix = style === "label" ? "." : style === "matrix" ? `;${name}=` : "";
  const separator = explode && style === "label" ? "." : ",";
  if (Array.isArray(value)) {
    // `{;list*}` repeats the name: `;id=3;id=4`.
    if (explode && style === "matrix") return value.map((item) => `;${name}=${encode(item)}`).join("");
    return `${prefix}${value.map(encode).join(separator)}`;
  }
  if (typeof value !== "object" || value === null) return `${prefix}${encode(value)}`;
  // An object: its keys and values, `k,v,k2,v2`, or `k=v` pairs when exploded (RFC 6570's `{x*}`, `{.x*}`, `{;x*}`).
  const entries = Object.entries(value);
  if (!explode) return `${prefix}${entries.flat().map(encode).join(",")}`;
  if (style === "matrix") return entries.map(([key, item]) => `;${encode(key)}=${encode(item)}`).join("");
  return `${style === "label" ? "." : ""}${entries.map(([key, item]) => `${encode(key)}=${encode(item)}`).join(separator)}`;
}

function queryPairs(parameter: HttpParameter, value: unknown): Pairs {
  const { name } = parameter;
  if (parameter.contentType !== undefined) return [[name, contentText(parameter, value)]];
  if (parameter.style === "deepObject" && typeof value === "object" && value !== null) return bracketPairs(name, value);
  // Unexploded, items (and an object's keys and values) are joined by the style's delimiter (OpenAPI 3.1.1's table
  // for form, spaceDelimited and pipeDelimited); exploded, a list repeats the key and an object's keys are keys.
  const delimiter = { spaceDelimited: " ", pipeDelimited: "|", tabDelimited: "\t" }[parameter.style as string] ?? ",";
  if (Array.isArray(value)) {
    const items = value.map(textOf);
    if (parameter.explode) return items.map((item) => [name, item]);
    return [[name, items.join(delimiter)]];
  }
  if (typeof value === "object" && value !== null) {
    // A list or object inside the object has no form of its own in these styles: JSON text (Algolia's apiKey.acl).
    const entries = Object.entries(value).map(([key, item]): [string, string] => [key, textOf(item)]);
    if (parameter.explode) return entries;
    return [[name, entries.flat().join(delimiter)]];
  }
  return [[name, String(value)]];
}

/** A `content` parameter's value as its media type writes it: a JSON document, or text as it is. */
function contentText(parameter: HttpParameter, value: unknown): string {
  const json = /\bjson\b|\+json$/i.test(parameter.contentType ?? "");
  return typeof value === "string" && !json ? value : JSON.stringify(value);
}

/**
 * OpenAPI 3.2's `querystring`, the whole query: a form's fields each as a `form`, exploded query parameter would be
 * (the Encoding Object's defaults), any other media type's document as one item without a value.
 */
function wholeQueryPairs(parameter: HttpParameter, value: unknown): Pairs {
  if (parameter.contentType === "application/x-www-form-urlencoded") {
    return Object.entries(value as Record<string, unknown>).flatMap(([name, field]) =>
      field === undefined
        ? []
        : queryPairs({ ...parameter, name, in: "query", style: "form", explode: true, contentType: undefined }, field),
    );
  }
  return [[contentText(parameter, value), ""]];
}

/** A list item's text: an object in a list has no serialisation of its own in any style, so it goes as its JSON. */
const textOf = (item: unknown) => (typeof item === "object" && item !== null ? JSON.stringify(item) : String(item));

/**
 * `deepObject`: `name[key]=value` (OpenAPI's example, one level of scalars). Below that, the bracket convention of
 * Rails, PHP and qs, which Stripe's query parameters and form bodies are written for: a bracket per level of
 * objects, `name[]` for each item of a list of scalars, `name[i]` for each item of a list holding an object or a
 * list; empty lists and objects add nothing, a null is an empty value.
 */
function bracketPairs(name: string, value: unknown): Pairs {
  if (value === null || typeof value !== "object") return [[name, value === null ? "" : String(value)]];
  if (!Array.isArray(value))
    return Object.entries(value).flatMap(([key, item]) => bracketPairs(`${name}[${key}]`, item));
  const scalars = value.every((item) => item === null || typeof item !== "object");
  return value.flatMap((item, index) => bracketPairs(`${name}[${scalars ? "" : index}]`, item));
}

/**
 * Cookie parameters, `form` style: a scalar or an unexploded list or map is one `name=value` pair (items
 * comma-separated); exploded, a `Cookie` header cannot repeat `&`, so each item is a pair of its own (RFC 6265).
 */
function cookiePairs(parameter: HttpParameter, value: unknown): Pairs {
  const { name } = parameter;
  if (Array.isArray(value)) {
    const items = value.map(String);
    return parameter.explode ? items.map((item) => [name, item]) : [[name, items.join(",")]];
  }
  if (typeof value === "object" && value !== null) {
    // A list or object inside the object has no form of its own in these styles: JSON text (Algolia's apiKey.acl).
    const entries = Object.entries(value).map(([key, item]): [string, string] => [key, textOf(item)]);
    return parameter.explode ? entries : [[name, entries.flat().join(",")]];
  }
  return [[name, String(value)]];
}

/** A `Cookie` header's pairs, decoded, without the credentials named in `leaveOut`. */
export function decodeCookies(header: string | undefined, leaveOut: ReadonlySet<string> = new Set()): Pairs {
  if (header === undefined || header === "") return [];
  return header
    .split(/;\s*/)
    .map((pair): [string, string] => {
      const eq = pair.indexOf("=");
      return [decodeURIComponent(pair.slice(0, eq)), decodeURIComponent(pair.slice(eq + 1))];
    })
    .filter(([name]) => !leaveOut.has(name));
}

/** The `simple` style (headers): arrays and objects comma-separated, `k=v` pairs when exploded; nested values as JSON. */
function simple(value: unknown, explode: boolean): string {
  if (Array.isArray(value)) return value.map(textOf).join(",");
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value);
    return explode ? entries.map(([k, v]) => `${k}=${textOf(v)}`).join(",") : entries.flat().map(textOf).join(",");
  }
  return String(value);
}

/** A made-up credential for each environment variable, recognisable in a recorded request. */
export const credentialFor = (env: string) => `cred-${env}`;

/** The access token the corpus's upstream issues to an OAuth2 client-credentials grant (`tokenReply`). */
export const ISSUED_TOKEN = "corpus-issued-token";

/**
 * The upstream's answer to a token request (a POST granting `client_credentials`), wherever the document's `tokenUrl`
 * points, for the OAuth2 schemes' tools to be called like any other; undefined for any other request.
 */
export function tokenReply(request: RecordedRequest): { json: object } | undefined {
  if (request.method !== "POST" || !/(^|&)grant_type=client_credentials(&|$)/.test(request.text)) return undefined;
  return { json: { access_token: ISSUED_TOKEN, token_type: "Bearer", expires_in: 3600 } };
}

/**
 * Whether `request` carries every credential of at least one of the operation's security alternatives (an
 * operation without security must carry none of the API's credentials). An OAuth2 client-credentials scheme's is the
 * token the upstream issued (`tokenReply`).
 */
export function satisfiedAlternative(
  request: RecordedRequest,
  operation: HttpOperation,
  api: HttpApi,
): string[] | undefined {
  const alternatives = operation.security.length === 0 ? [[]] : operation.security;
  return alternatives.find((names) => names.every((name) => carries(request, api.securitySchemes[name]!)));
}

/** Whether any credential of the API's schemes was sent. */
export function carriesAnyCredential(request: RecordedRequest, api: HttpApi): boolean {
  return Object.values(api.securitySchemes).some((scheme) => carries(request, scheme));
}

function carries(request: RecordedRequest, scheme: HttpSecurityScheme): boolean {
  const query = decodeQuery(request.query);
  switch (scheme.type) {
    case "apiKey":
      if (scheme.in === "header") return request.headers[scheme.name.toLowerCase()] === credentialFor(scheme.env);
      if (scheme.in === "cookie") return request.cookies[scheme.name] === encode(credentialFor(scheme.env));
      return query.some(([name, value]) => name === scheme.name && value === credentialFor(scheme.env));
    case "http":
      if (scheme.scheme === "bearer") return request.headers.authorization === `Bearer ${credentialFor(scheme.env)}`;
      return (
        request.headers.authorization ===
        `Basic ${Buffer.from(`${credentialFor(scheme.usernameEnv)}:${credentialFor(scheme.passwordEnv)}`).toString("base64")}`
      );
    case "bearerToken":
      return request.headers.authorization === `Bearer ${credentialFor(scheme.env)}`;
    case "oauth2":
      return request.headers.authorization === `Bearer ${ISSUED_TOKEN}`;
  }
}

/**
 * The body the specification describes for `value` sent as `operation`'s body, as something `toEqual` can compare
 * with `receivedBody`: JSON parsed, form fields as decoded pairs, multipart parts by name, raw bytes for binary.
 */
export function expectedBody(operation: HttpOperation, value: unknown): unknown {
  const body = operation.body!;
  if (body.binary) return { bytes: Buffer.from(String(value), "base64") };
  if (/\bjson\b|\+json\b/i.test(body.mediaType)) return { json: value };
  if (/^application\/x-www-form-urlencoded/i.test(body.mediaType)) return { form: formPairs(operation, value) };
  if (/^multipart\//i.test(body.mediaType)) {
    const files = new Set(body.fileProperties ?? []);
    const parts: Pairs = [];
    for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
      // RFC 7578 / OpenAPI encoding defaults: one part per array item, objects as JSON, files as their bytes.
      for (const element of Array.isArray(item) ? item : [item]) {
        if (files.has(name)) parts.push([name, Buffer.from(String(element), "base64").toString("latin1")]);
        else
          parts.push([
            name,
            typeof element === "object" && element !== null ? JSON.stringify(element) : String(element ?? ""),
          ]);
      }
    }
    return { parts };
  }
  return { text: typeof value === "string" ? value : JSON.stringify(value) };
}

/** A recorded request's body in the shape `expectedBody` gives for the operation's media type. */
export function receivedBody(operation: HttpOperation, request: RecordedRequest): unknown {
  const { mediaType, binary } = operation.body!;
  if (binary) return { bytes: request.body };
  if (/\bjson\b|\+json\b/i.test(mediaType)) return { json: JSON.parse(request.text) };
  if (/^application\/x-www-form-urlencoded/i.test(mediaType)) {
    // Form bodies are the one place where `+` means a space (the WHATWG urlencoded format).
    return { form: [...new URLSearchParams(request.text)] };
  }
  if (/^multipart\//i.test(mediaType)) {
    const parts = parseMultipart(request.body, request.headers["content-type"] ?? "").map((part): [string, string] => [
      part.name ?? "",
      part.data.toString(part.filename === undefined ? "utf8" : "latin1"),
    ]);
    return { parts };
  }
  return { text: request.text };
}

/**
 * Form fields: each property serialised as a query parameter of its encoding's style (default `form`, exploded),
 * or as one JSON field when its encoding names a content type.
 */
function formPairs(operation: HttpOperation, value: unknown): Pairs {
  const pairs: Pairs = [];
  for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
    // A null field is an empty value (Twilio's nullable VettingProvider), as a form has no null.
    if (item === null) {
      pairs.push([name, ""]);
      continue;
    }
    const encoding = operation.body?.encoding?.[name];
    if (encoding?.contentType !== undefined && encoding.style === undefined) {
      pairs.push([name, typeof item === "string" ? item : JSON.stringify(item)]);
      continue;
    }
    const style = encoding?.style ?? "form";
    const field = { name, argument: name, in: "query", style, explode: encoding?.explode ?? style === "form" };
    pairs.push(...queryPairs({ ...field, required: true } as HttpParameter, item));
  }
  return pairs;
}
