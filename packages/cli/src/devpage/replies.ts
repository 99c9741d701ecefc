import type { IncomingMessage, ServerResponse } from "node:http";

/** Sent with everything the page server answers: the page loads nothing from elsewhere, and no one frames it. */
export const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "cache-control": "no-store",
};

export function json(outgoing: ServerResponse, status: number, value: unknown): void {
  outgoing.writeHead(status, { ...SECURITY_HEADERS, "content-type": "application/json" });
  outgoing.end(JSON.stringify(value));
}

export function plain(outgoing: ServerResponse, status: number, text: string): void {
  outgoing.writeHead(status, { ...SECURITY_HEADERS, "content-type": "text/plain; charset=utf-8" });
  outgoing.end(text);
}

/** A request's body, or undefined once it exceeds `limit` bytes (the rest is not read). */
export async function readLimited(incoming: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
