import { randomBytes, timingSafeEqual } from "node:crypto";
import { McpsmithError } from "../../errors.js";
import { ToolError } from "../../results/tool-error.js";
import { HmacSha256 } from "./hmac-sha256.js";

/**
 * Opaque, tamper-evident cursors for keyset paging: the JSON of the last row's order values and of what it was
 * ordered by, then an HMAC-SHA256 of it. A model can pass one back, but not forge or edit one: the values it holds
 * become bound parameters only after the signature checks out, so a cursor is never a way to inject anything.
 */
export class CursorSigner {
  readonly #hmac: HmacSha256;

  /** Without a key, one made for this process: cursors then last as long as the server. */
  constructor(key?: string | Uint8Array) {
    const bytes = key === undefined ? randomBytes(32) : Buffer.from(key);
    if (bytes.length < 16) throw new McpsmithError("E_EXECUTOR_OPTIONS", "cursorKey must hold at least 16 bytes.");
    this.#hmac = new HmacSha256(bytes);
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
    // Both parts are base64url, as sign writes them: a decoder would skip any other character, and the MAC is
    // taken over the text itself.
    if (payload === undefined || mac === undefined || extra !== undefined || !BASE64URL.test(payload)) {
      throw refuse("is not a cursor");
    }
    const expected = Buffer.from(this.#mac(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw refuse("was not made by this server (or has been changed)");
    }
    const { s, v } = JSON.parse(Buffer.from(payload, "base64url").toString()) as { s: string; v: unknown[] };
    if (s !== scope) throw refuse("belongs to another table or order");
    return v;
  }

  /** HMAC-SHA256 of a payload, in base64url. */
  #mac(payload: string): string {
    const mac = this.#hmac.of(payload);
    return Buffer.from(mac.buffer, mac.byteOffset, mac.length).toString("base64url");
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
