import { decodeFileArgument } from "./binary.js";
import { isJson } from "./media-types.js";
import type { HttpBody } from "./operation.js";

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Uint8Array | string;
}

/**
 * A `multipart/form-data` body (RFC 7578) with a random boundary declared in its `Content-Type`. Built by hand
 * rather than with `FormData` because `FormData` can only send a part with a content type as a file: a JSON
 * field (OpenAPI's default for object properties) must be a plain part with `Content-Type: application/json`.
 */
export function encodeMultipart(
  body: HttpBody,
  value: Record<string, unknown>,
  subtype: string,
): { contentType: string; bytes: Uint8Array } {
  const parts: Part[] = [];
  for (const [name, property] of Object.entries(value)) {
    if (property === undefined) continue;
    const declared = body.encoding?.[name]?.contentType;
    if (body.fileProperties?.includes(name)) {
      const files = Array.isArray(property) ? property : [property];
      files.forEach((file, index) => {
        const what = `The file "${name}"${Array.isArray(property) ? ` (item ${index})` : ""}`;
        parts.push(filePart(name, decodeFileArgument(file, what), declared));
      });
    } else if (declared !== undefined && isJson(declared)) {
      parts.push({ name, contentType: declared, data: JSON.stringify(property) });
    } else {
      // An array is sent as one part per item, as OpenAPI's encoding defaults describe.
      for (const item of Array.isArray(property) ? property : [property]) parts.push(fieldPart(name, item, declared));
    }
  }
  // The global Web Crypto, not node:crypto: a server starts without loading crypto, and a Worker has no node:crypto.
  const boundary = `----mcpsmith-${Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString("hex")}`;
  return { contentType: `${subtype}; boundary=${boundary}`, bytes: assemble(parts, boundary) };
}

function fieldPart(name: string, value: unknown, declared: string | undefined): Part {
  if (typeof value === "object" && value !== null) {
    return { name, contentType: declared ?? "application/json", data: JSON.stringify(value) };
  }
  const part: Part = { name, data: value === null ? "" : String(value) };
  if (declared !== undefined) part.contentType = declared;
  return part;
}

function filePart(name: string, file: ReturnType<typeof decodeFileArgument>, declared: string | undefined): Part {
  // The data: URI's own type describes these bytes; the spec's may be a list or a wildcard (`image/png, image/*`).
  const specific = declared !== undefined && !/[*,]/.test(declared) ? declared : undefined;
  const contentType = file.mediaType ?? specific ?? "application/octet-stream";
  return { name, filename: file.filename ?? `${name}${extensionOf(contentType)}`, contentType, data: file.bytes };
}

const EXTENSIONS: Record<string, string> = {
  "image/png": ".png",
  "image/jpeg": ".jpg",
  "image/gif": ".gif",
  "image/webp": ".webp",
  "image/svg+xml": ".svg",
  "application/pdf": ".pdf",
  "application/json": ".json",
  "application/zip": ".zip",
  "text/plain": ".txt",
  "text/csv": ".csv",
  "audio/mpeg": ".mp3",
  "audio/wav": ".wav",
  "video/mp4": ".mp4",
};

/** Some servers judge an upload by its file name, so a name made up from the part's name gets a fitting extension. */
function extensionOf(contentType: string): string {
  return EXTENSIONS[contentType.split(";", 1)[0]!.trim().toLowerCase()] ?? "";
}

/** Quoted-string escaping for `Content-Disposition` as browsers do it (WHATWG HTML, multipart/form-data). */
function quoted(text: string): string {
  return `"${text.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22")}"`;
}

function assemble(parts: Part[], boundary: string): Uint8Array {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(part.name)}`;
    if (part.filename !== undefined) head += `; filename=${quoted(part.filename)}`;
    if (part.contentType !== undefined) head += `\r\nContent-Type: ${part.contentType}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.from(part.data), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}
