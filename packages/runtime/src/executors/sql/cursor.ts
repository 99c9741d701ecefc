import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from "node:crypto";
import { McpsmithError } from "../../errors.js";
import { ToolError } from "../../results/tool-error.js";

/**
 * Opaque, tamper-evident cursors for keyset paging: the JSON of the last row's order values and of what it was
 * ordered by, then an HMAC-SHA256 of it. A model can pass one back, but not forge or edit one: the values it holds
 * become bound parameters only after the signature checks out, so a cursor is never a way to inject anything.
 */
export class CursorSigner {
  /** Imported once: an HMAC made from a key object skips copying the key in on every call. */
  readonly #key: KeyObject;

  /** Without a key, one made for this process: cursors then last as long as the server. */
  constructor(key?: string | Uint8Array) {
    const bytes = key === undefined ? randomBytes(32) : Buffer.from(key);
    if (bytes.length < 16) throw new McpsmithError("E_EXECUTOR_OPTIONS", "cursorKey must hold at least 16 bytes.");
    this.#key = createSecretKey(bytes);
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

  #mac(payload: string): string {
    return createHmac("sha256", this.#key).update(payload).digest("base64url");
  }
}
