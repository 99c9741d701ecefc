import { hash, randomBytes, timingSafeEqual } from "node:crypto";
import { McpsmithError } from "../../errors.js";
import { ToolError } from "../../results/tool-error.js";

/**
 * Opaque, tamper-evident cursors for keyset paging: the JSON of the last row's order values and of what it was
 * ordered by, then an HMAC-SHA256 of it. A model can pass one back, but not forge or edit one: the values it holds
 * become bound parameters only after the signature checks out, so a cursor is never a way to inject anything.
 */
export class CursorSigner {
  /** The key XOR HMAC's inner and outer pads (RFC 2104), made once. */
  readonly #innerPad: Uint8Array;
  readonly #outerPad: Uint8Array;

  /** Without a key, one made for this process: cursors then last as long as the server. */
  constructor(key?: string | Uint8Array) {
    const bytes = key === undefined ? randomBytes(32) : Buffer.from(key);
    if (bytes.length < 16) throw new McpsmithError("E_EXECUTOR_OPTIONS", "cursorKey must hold at least 16 bytes.");
    // A key longer than SHA-256's block is hashed first; a shorter one is padded with zeros.
    const block = Buffer.alloc(BLOCK);
    (bytes.length > BLOCK ? hash("sha256", bytes, "buffer") : bytes).copy(block);
    this.#innerPad = block.map((byte) => byte ^ 0x36);
    this.#outerPad = block.map((byte) => byte ^ 0x5c);
  }

  sign(scope: string, values: unknown[]): string {
    const payload = Buffer.from(JSON.stringify({ s: scope, v: values })).toString("base64url");
    return `${payload}.${this.#mac(payload)}`;
  }

  /** The values a cursor holds, when it was made by this signer for the same table and order. */
  open(cursor: unknown, scope: string): unknown[] {
    const refuse = (why: string) =>
      new ToolError(`cursor: ${why}; pass nextCursor as it came, with the same table and order, or leave it out.`);
    if (typeof cursor !== "string") throw refuse("takes the text of a nextCursor");
    const [payload, mac, extra] = cursor.split(".");
    if (payload === undefined || mac === undefined || extra !== undefined) throw refuse("is not a cursor");
    const expected = Buffer.from(this.#mac(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw refuse("was not made by this server (or has been changed)");
    }
    const { s, v } = JSON.parse(Buffer.from(payload, "base64url").toString()) as { s: string; v: unknown[] };
    if (s !== scope) throw refuse("belongs to another table or order");
    return v;
  }

  /**
   * HMAC-SHA256 as RFC 2104 defines it, H((K ^ opad) || H((K ^ ipad) || text)), from two one-shot hashes.
   * `createHmac` builds an OpenSSL HMAC context on every call: in a server idle between calls, its code and data
   * cold, that took 70 to 90 µs of a 1.4 ms `list_` call. `crypto.hash` keeps its digest and took a quarter of that.
   */
  #mac(payload: string): string {
    const inner = hash("sha256", Buffer.concat([this.#innerPad, Buffer.from(payload)]), "buffer");
    return hash("sha256", Buffer.concat([this.#outerPad, inner]), "base64url");
  }
}

/** SHA-256's block size in bytes, which HMAC pads its key to. */
const BLOCK = 64;
