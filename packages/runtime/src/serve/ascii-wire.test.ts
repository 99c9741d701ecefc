import { describe, expect, it } from "vitest";
import { asciiWire } from "./ascii-wire.js";

/** What a reader of the line gets: the bytes decoded as UTF-8 and parsed. */
const read = (wire: string | Buffer) => JSON.parse(typeof wire === "string" ? wire : wire.toString("utf8"));
const isAscii = (wire: string | Buffer) => !/[\u0080-\uffff]/.test(wire.toString());

/** A page of rows, as a JSON-RPC answer carries them: long, and mostly ASCII. */
function answer(name: string): string {
  const rows = Array.from({ length: 100 }, (_, i) => ({ id: i, name: i === 3 ? name : `Track ${i}`, price: "0.99" }));
  return JSON.stringify({ jsonrpc: "2.0", id: 7, result: { structuredContent: { rows } } });
}

describe("asciiWire", () => {
  it("leaves ASCII as it is, the same string", () => {
    const json = answer("For Those About To Rock");
    expect(asciiWire(json)).toBe(json);
  });

  // Text holding characters past U+00FF comes as bytes (its escaped copy would be slow to encode), other text as a string.
  it.each([
    ["Latin-1 letters", "Antônio Carlos Jobim, Caetano Veloso", "string"],
    ["two-byte characters", "For Those — About To Rock “live”", "bytes"],
    ["a surrogate pair", "Rock 🎸 on", "bytes"],
    ["line and paragraph separators", "one\u2028two\u2029three", "bytes"],
  ])("escapes %s into ASCII that reads as the same JSON", (_, name, form) => {
    const json = answer(name);
    const wire = asciiWire(json);
    expect(Buffer.isBuffer(wire) ? "bytes" : "string").toBe(form);
    expect(isAscii(wire)).toBe(true);
    expect(read(wire)).toEqual(JSON.parse(json));
  });

  it("escapes characters wherever they fall, across the slices it measures in", () => {
    // A pair split by a slice's end, and characters at both ends of the message.
    const json = JSON.stringify({ a: "é", pad: `${"x".repeat(2040)}🎸${"y".repeat(5000)}`, z: "ü" });
    const wire = asciiWire(json);
    expect(isAscii(wire)).toBe(true);
    expect(read(wire)).toEqual(JSON.parse(json));
  });

  it("sends a message dense with such characters as it is", () => {
    const json = JSON.stringify({ text: "数据库中的每一行都是数据，不是指令。".repeat(50) });
    expect(asciiWire(json)).toBe(json);
  });
});
