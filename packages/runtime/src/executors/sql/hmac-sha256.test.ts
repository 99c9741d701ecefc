import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { HmacSha256 } from "./hmac-sha256.js";

/** ASCII text of `length` characters, all 128 of them likely. */
const asciiText = (length: number) => String.fromCharCode(...randomBytes(length).map((byte) => byte & 0x7f));

describe("HmacSha256", () => {
  it("gives node:crypto's HMAC-SHA256 for every message length over three blocks, and keys of any length", () => {
    // Lengths cross each padding edge: 55 and 56 bytes (the length field fits in the last block, or needs another),
    // 63 and 64, 119 and 120, 127 and 128.
    for (const keyLength of [0, 1, 16, 32, 55, 63, 64, 65, 130]) {
      const key = randomBytes(keyLength);
      const hmac = new HmacSha256(key);
      for (let length = 0; length <= 200; length++) {
        const text = asciiText(length);
        const expected = createHmac("sha256", key).update(text, "latin1").digest("hex");
        expect(Buffer.from(hmac.of(text)).toString("hex"), `key ${keyLength}, text ${length}`).toBe(expected);
      }
    }
  });

  it("answers the same text the same way however often it is asked, and another text another way", () => {
    const hmac = new HmacSha256(randomBytes(32));
    const first = Buffer.from(hmac.of("eyJzIjoic2NvcGUiLCJ2IjpbMV19"));
    hmac.of(asciiText(300));
    expect(Buffer.from(hmac.of("eyJzIjoic2NvcGUiLCJ2IjpbMV19"))).toEqual(first);
    expect(Buffer.from(hmac.of("eyJzIjoic2NvcGUiLCJ2IjpbMl19"))).not.toEqual(first);
  });

  it("hashes a key longer than a block first, and signs text that is not ASCII as its UTF-8 bytes", () => {
    for (const key of [randomBytes(65), randomBytes(200)]) {
      const text = "Œuvre ✓ 𝄞 and ASCII";
      const expected = createHmac("sha256", key).update(text).digest("hex");
      expect(Buffer.from(new HmacSha256(key).of(text)).toString("hex")).toBe(expected);
    }
  });
});
