import { ToolError } from "../../results/tool-error.js";
import { decodeFileArgument } from "./binary.js";
import { essence, isJson } from "./media-types.js";
import { encodeMultipart } from "./multipart.js";
import type { HttpBody, HttpBodyEncoding } from "./operation.js";
import { serializeQuery } from "./styles.js";

/** A request body ready to send, and resend (a retry after an OAuth2 token refresh sends the same bytes). */
export interface EncodedBody {
  contentType: string;
  bytes: Uint8Array | string;
}

/** Encodes the body argument as the operation's media type says; `undefined` when there is no body to send. */
export function encodeBody(body: HttpBody | undefined, args: Record<string, unknown>): EncodedBody | undefined {
  if (!body) return undefined;
  const value = args[body.argument];
  if (value === undefined) {
    if (body.required) throw new ToolError(`Missing the request body: pass it as the argument "${body.argument}".`);
    return undefined;
  }
  const type = essence(body.mediaType);
  if (body.binary) {
    const file = decodeFileArgument(value, `The request body (argument "${body.argument}")`);
    // A wildcard in the spec (`image/*`, `*/*`) is no Content-Type: the data: URI's own type says more.
    const wildcard = body.mediaType.includes("*");
    const contentType = wildcard ? (file.mediaType ?? "application/octet-stream") : body.mediaType;
    return { contentType, bytes: file.bytes };
  }
  if (type === "multipart/form-data" || type === "multipart/mixed") {
    return encodeMultipart(body, asObject(value, body.argument), type);
  }
  if (type === "application/x-www-form-urlencoded") {
    return { contentType: body.mediaType, bytes: encodeForm(asObject(value, body.argument), body.encoding) };
  }
  if (isJson(body.mediaType)) return { contentType: body.mediaType, bytes: JSON.stringify(value) };
  // text/plain, XML and other text: a string goes as written; anything else as its JSON.
  return { contentType: body.mediaType, bytes: typeof value === "string" ? value : JSON.stringify(value) };
}

/**
 * `application/x-www-form-urlencoded`, a body's or a whole query's (OpenAPI 3.2's `querystring`): each property
 * serialised like a query parameter with its encoding's style (default `form`, explode `true`), or as a JSON (or
 * text) document when its encoding gives a content type.
 */
export function encodeForm(value: Record<string, unknown>, encodings?: Record<string, HttpBodyEncoding>): string {
  const pairs: string[] = [];
  for (const [name, property] of Object.entries(value)) {
    if (property === undefined) continue;
    const encoding = encodings?.[name];
    if (encoding?.contentType !== undefined && encoding.style === undefined) {
      const text = typeof property === "string" && !isJson(encoding.contentType) ? property : JSON.stringify(property);
      pairs.push(...serializeQuery(name, "form", true, text));
      continue;
    }
    const style = encoding?.style ?? "form";
    pairs.push(...serializeQuery(name, style, encoding?.explode ?? style === "form", property));
  }
  return pairs.join("&");
}

function asObject(value: unknown, argument: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ToolError(`The request body (argument "${argument}") must be an object of form fields.`);
  }
  return value as Record<string, unknown>;
}
