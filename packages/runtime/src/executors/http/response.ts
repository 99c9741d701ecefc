import { audio, type Content, embedded, image } from "../../results/content.js";
import { ToolError } from "../../results/tool-error.js";
import { essence, isJson, isText } from "./media-types.js";
import type { BoundedBody } from "./read-body.js";

/** What `call` resolves to: what a tool handler returns, so the runtime shapes it like any other result. */
export type HttpCallResult = string | Content | Record<string, unknown>;

/** How much of an error response's body goes into the `isError` message. */
export const ERROR_EXCERPT_CHARS = 2_000;

export interface ResponseContext {
  /** `GET /pets/{petId}`: names the operation without values that could be secret. */
  label: string;
  /** The request URL without its query (API keys may travel there): the URI of embedded binary results. */
  uri: string;
  maxResponseBytes: number;
  redact: (text: string) => string;
}

/**
 * Maps an HTTP response to a tool result: JSON objects become structured content (the runtime adds the JSON
 * text), other JSON and text become text, images and audio their content types, other bytes an embedded
 * resource. A non-2xx status is an `isError` result carrying the status and an excerpt of the body.
 */
export function mapResponse(response: Response, body: BoundedBody, context: ResponseContext): HttpCallResult {
  const type = response.headers.get("content-type");
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
  if (!response.ok) {
    const excerpt = errorExcerpt(body, type, context);
    // Rate limits (429, 503) say when to come back: the model can wait or tell the user.
    const retryAfter = response.headers.get("retry-after");
    const when = retryAfter ? ` (Retry-After: ${retryAfter})` : "";
    throw new ToolError(
      `${context.label} failed with HTTP ${status}${when}${excerpt ? `. Response body: ${excerpt}` : "."}`,
    );
  }
  if (body.bytes.byteLength === 0) return describeEmpty(response, status, context.label);

  const textual = type ? isJson(type) || isText(type) : looksLikeText(body.bytes);
  if (textual) {
    const text = decodeText(body, type);
    if (body.truncated) return `${text}\n\n${truncationNote(context.maxResponseBytes)}`;
    return isJson(type) ? fromJson(text) : text;
  }
  const mimeType = essence(type) || "application/octet-stream";
  if (body.truncated) {
    throw new ToolError(
      `${context.label} answered with ${mimeType} larger than the limit of ${context.maxResponseBytes.toLocaleString("en-US")} bytes ` +
        "(maxResponseBytes), so it was not downloaded whole and is not included.",
    );
  }
  if (mimeType.startsWith("image/")) return image(body.bytes, mimeType);
  if (mimeType.startsWith("audio/")) return audio(body.bytes, mimeType);
  return embedded(context.uri, body.bytes, { mimeType });
}

/**
 * A success without a body still says something: a `Location` (201 Created) names what was made, and the headers
 * are all a `HEAD` request asks for (cookies left out).
 */
function describeEmpty(response: Response, status: string, label: string): string {
  let text = `${label} succeeded with HTTP ${status} and no content.`;
  if (label.startsWith("HEAD ")) {
    const lines = [...response.headers].filter(([name]) => name !== "set-cookie").map(([n, v]) => `${n}: ${v}`);
    if (lines.length > 0) text += `\n\n${lines.join("\n")}`;
  } else {
    const location = response.headers.get("location");
    if (location) text += ` Location: ${location}`;
  }
  return text;
}

/** A JSON object is structured content; arrays and scalars stay text (structured content must be an object). */
function fromJson(text: string): HttpCallResult {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Not JSON after all: the text is still the best thing to show.
  }
  return text;
}

function truncationNote(limit: number): string {
  return (
    `[Response truncated: only the first ${limit.toLocaleString("en-US")} bytes were read (maxResponseBytes). ` +
    "Ask for less, for example with narrower filters or a smaller page.]"
  );
}

function errorExcerpt(body: BoundedBody, type: string | null, context: ResponseContext): string {
  if (body.bytes.byteLength === 0) return "";
  if (type ? !(isJson(type) || isText(type)) : !looksLikeText(body.bytes)) {
    return `(${body.bytes.byteLength.toLocaleString("en-US")} bytes of ${essence(type) || "binary data"})`;
  }
  const text = context.redact(decodeText(body, type)).trim();
  const cut = text.length > ERROR_EXCERPT_CHARS || body.truncated;
  return cut ? `${text.slice(0, ERROR_EXCERPT_CHARS)} [… cut]` : text;
}

function decodeText(body: BoundedBody, type: string | null): string {
  const charset = /;\s*charset="?([^";]+)"?/i.exec(type ?? "")?.[1];
  const text = decoderFor(charset).decode(body.bytes);
  // A cut in the middle of a multi-byte character decodes to a replacement character: drop it.
  return body.truncated ? text.replace(/\uFFFD$/, "") : text;
}

/** The response's charset when the platform knows it, else UTF-8 (what JSON and most APIs use). */
function decoderFor(charset: string | undefined) {
  try {
    return new TextDecoder(charset ?? "utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}

/** A body without a content type is text when it is valid UTF-8 without NUL bytes. */
function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
