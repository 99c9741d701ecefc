import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { guardStdin } from "./stdio-guard.js";

/** Feeds chunks to the guard and collects what it passes on and what it answers. */
async function guard(chunks: readonly (string | Buffer)[]) {
  const input = new PassThrough();
  const replies: unknown[] = [];
  const { stream } = guardStdin(input, (message) => replies.push(message));
  const passed: string[] = [];
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => passed.push(chunk));
  const ended = new Promise((resolve) => stream.once("end", resolve));
  for (const chunk of chunks) input.write(chunk);
  input.end();
  await ended;
  return { passed: passed.join(""), replies };
}

const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });

describe("guardStdin", () => {
  it("passes JSON-RPC messages through, one a line, whatever the chunking", async () => {
    const notification = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });
    const text = `${ping}\n\n${notification}\r\n`;
    const { passed, replies } = await guard([text.slice(0, 7), text.slice(7, 30), text.slice(30)]);
    expect(passed).toBe(`${ping}\n${notification}\n`);
    expect(replies).toEqual([]);
  });

  it("answers a line that is not JSON with -32700 and id null", async () => {
    const { passed, replies } = await guard([`{"jsonrpc": "2.0", "id": 1,\n${ping}\n`]);
    expect(replies).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: the line is not valid JSON" } },
    ]);
    expect(passed).toBe(`${ping}\n`);
  });

  it("answers JSON that is not a JSON-RPC message with -32600, with its id when it has one", async () => {
    const { replies } = await guard(['42\n{"id":7,"method":3}\n[1,2]\n']);
    expect(replies).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32600, message: expect.stringContaining("Invalid Request") } },
      { jsonrpc: "2.0", id: 7, error: { code: -32600, message: expect.stringContaining("Invalid Request") } },
      { jsonrpc: "2.0", id: null, error: { code: -32600, message: expect.stringContaining("Invalid Request") } },
    ]);
  });

  it("answers a message nesting deeper than 128 levels with -32700, with its id when it has one", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const request = `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"arguments":{"x":${deep}}}}`;
    const { passed, replies } = await guard([`${deep}\n${request}\n${ping}\n`]);
    const error = { code: -32700, message: "Parse error: the JSON nests deeper than 128 levels" };
    expect(replies).toEqual([
      { jsonrpc: "2.0", id: null, error },
      { jsonrpc: "2.0", id: 5, error },
    ]);
    expect(passed).toBe(`${ping}\n`);
  });

  it("answers a line longer than 10 MiB once, keeps none of it, and reads on after it", async () => {
    const piece = Buffer.alloc(1024 * 1024, "x");
    const { passed, replies } = await guard([...Array.from({ length: 11 }, () => piece), `tail\n${ping}\n`]);
    expect(replies).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: expect.stringContaining("longer than") } },
    ]);
    expect(passed).toBe(`${ping}\n`);
  });

  it("passes a last line without a newline on at the end of input", async () => {
    const { passed } = await guard([ping]);
    expect(passed).toBe(`${ping}\n`);
  });
});
