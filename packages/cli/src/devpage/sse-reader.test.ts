import { describe, expect, it } from "vitest";
import { SseReader } from "./sse-reader.js";

function read(chunks: string[], limit = 1000): string[] {
  const events: string[] = [];
  const reader = new SseReader((data) => events.push(data), limit);
  for (const chunk of chunks) reader.push(Buffer.from(chunk));
  return events;
}

describe("SseReader", () => {
  it("reads each event's data, whatever the chunks and line endings", () => {
    expect(read(['id: 1\ndata: {"a"', ":1}\n\n", "data: x\r\ndata:y\r\n\r\n: comment\n\n", "data: z\r\r"])).toEqual([
      '{"a":1}',
      "x\ny",
      "z",
    ]);
  });

  it("keeps a multi-byte character split across chunks", () => {
    const bytes = Buffer.from("data: é\n\n");
    const reader = new SseReader((data) => expect(data).toBe("é"), 100);
    reader.push(bytes.subarray(0, 7));
    reader.push(bytes.subarray(7));
  });

  it("skips an event larger than the limit, and reads the next", () => {
    expect(read([`data: ${"x".repeat(50)}\n\ndata: ok\n\n`], 20)).toEqual(["ok"]);
  });
});
