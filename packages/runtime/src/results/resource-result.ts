import type { ReadResourceResult } from "@modelcontextprotocol/server";
import { isForwarded } from "./forwarded.js";

type Contents = ReadResourceResult["contents"][number];

/**
 * Turns what a resource handler returned into `resources/read` contents:
 * a string -> text; bytes (`Uint8Array`, `Buffer`, `ArrayBuffer`) -> base64 blob;
 * any other value -> JSON text (`application/json` unless the resource names its own type); contents another server
 * read (a remote source's) -> those contents, the one it read named by the URI the client asked for.
 */
export function toResourceContents(uri: string, mimeType: string | undefined, value: unknown): Contents[] {
  if (isForwarded(value)) {
    const { contents } = value.result as ReadResourceResult;
    return contents.map((item) => (item.uri === value.uri ? { ...item, uri } : item));
  }
  if (typeof value === "string") return [{ uri, ...(mimeType && { mimeType }), text: value }];
  const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : value instanceof Uint8Array ? value : undefined;
  if (bytes) {
    const blob = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
    return [{ uri, mimeType: mimeType ?? "application/octet-stream", blob }];
  }
  return [{ uri, mimeType: mimeType ?? "application/json", text: JSON.stringify(value ?? null) }];
}
