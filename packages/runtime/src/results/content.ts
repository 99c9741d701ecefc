import type { ContentBlock } from "@modelcontextprotocol/server";

const CONTENT = Symbol.for("mcpsmith.content");

/** A content block built by one of the helpers below; handlers return one, or an array of them. */
export type Content = ContentBlock & { readonly [CONTENT]: true };

function brand<T extends ContentBlock>(block: T): T & Content {
  return Object.defineProperty(block, CONTENT, { value: true, enumerable: false }) as T & Content;
}

export function isContent(value: unknown): value is Content {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[CONTENT] === true;
}

function base64(data: Uint8Array | string): string {
  return typeof data === "string"
    ? data
    : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("base64");
}

/** Plain text. Returning a string does the same; use this inside an array of mixed content. */
export function text(value: string): Content {
  return brand({ type: "text", text: value });
}

/** An image, from bytes or a base64 string. */
export function image(data: Uint8Array | string, mimeType: string): Content {
  return brand({ type: "image", data: base64(data), mimeType });
}

/** An audio clip, from bytes or a base64 string. */
export function audio(data: Uint8Array | string, mimeType: string): Content {
  return brand({ type: "audio", data: base64(data), mimeType });
}

/** A link to a resource the client can read later (no contents inline). */
export function resourceLink(link: {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}): Content {
  return brand({ type: "resource_link", ...link });
}

/** A resource embedded in the result: text stays text, bytes travel as base64. */
export function embedded(uri: string, contents: string | Uint8Array, options: { mimeType?: string } = {}): Content {
  const mimeType = options.mimeType ?? (typeof contents === "string" ? "text/plain" : "application/octet-stream");
  const resource =
    typeof contents === "string" ? { uri, mimeType, text: contents } : { uri, mimeType, blob: base64(contents) };
  return brand({ type: "resource", resource });
}
