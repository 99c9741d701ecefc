import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { z } from "zod";
import { server, ToolError } from "../index.js";
import { createTestClient, type TestEra } from "../testing/index.js";

function databaseCall(): never {
  throw new Error("connection refused: db.internal:5432");
}

const app = () =>
  server({ name: "failing", version: "1.0.0" })
    .tool("refuse", { description: "Refuses politely." }, () => {
      throw new ToolError("Pass a city: the forecast needs one.");
    })
    .tool("crash", { description: "Fails like a bug." }, () => databaseCall())
    .tool("crashAsync", { description: "Fails like a bug, later." }, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      databaseCall();
    })
    .tool("throwString", { description: "Throws a string." }, () => {
      throw "plain string failure";
    })
    .tool(
      "search",
      {
        description: "Search with JSON Schema arguments.",
        input: {
          type: "object",
          properties: { city: { type: "string" }, limit: { type: "integer", maximum: 100 } },
          required: ["city"],
        },
      },
      () => "found",
    )
    .tool(
      "searchZod",
      { description: "Search with zod arguments.", input: z.object({ city: z.string(), limit: z.number().max(100) }) },
      () => "found",
    )
    .tool(
      "badOutput",
      { description: "Breaks its own output schema.", output: z.object({ total: z.number() }) },
      () => ({ total: "many" }),
    );

let stderr: MockInstance<typeof process.stderr.write>;
const written = () => stderr.mock.calls.map(([chunk]) => String(chunk)).join("");

beforeAll(() => {
  stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
});
beforeEach(() => stderr.mockClear());
afterAll(() => stderr.mockRestore());

describe.each(["legacy", "2026-07-28"] as const)("tool failures (%s)", (era: TestEra) => {
  let client: Client;
  beforeAll(async () => {
    client = await createTestClient(app(), { era });
  });
  afterAll(() => client.close());

  it("ToolError: isError with its message, nothing logged", async () => {
    const result = await client.callTool({ name: "refuse", arguments: {} });
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: "text", text: "Pass a city: the forecast needs one." }],
    });
    expect(written()).toBe("");
  });

  it.each(["crash", "crashAsync"])(
    "plain Error (%s): the client gets only the message, stderr gets the stack",
    async (name) => {
      const result = await client.callTool({ name, arguments: {} });
      expect(result).toMatchObject({
        isError: true,
        content: [{ type: "text", text: "connection refused: db.internal:5432" }],
      });
      expect(JSON.stringify(result)).not.toContain("databaseCall");
      expect(JSON.stringify(result)).not.toContain("tools.test");

      const log = written();
      expect(log.startsWith(`[mcpsmith] tool "${name}" failed Error: connection refused: db.internal:5432\n`)).toBe(
        true,
      );
      expect(log).toMatch(/\n\s+at databaseCall \(/);
      expect(log.endsWith("\n")).toBe(true);
    },
  );

  it("a thrown non-Error: isError with its text, logged", async () => {
    const result = await client.callTool({ name: "throwString", arguments: {} });
    expect(result).toMatchObject({ isError: true, content: [{ type: "text", text: "plain string failure" }] });
    expect(written()).toBe('[mcpsmith] tool "throwString" failed plain string failure\n');
  });

  it("bad arguments (JSON Schema): isError naming each field and rule, nothing logged", async () => {
    const result = await client.callTool({ name: "search", arguments: { limit: 500 } });
    expect(result).toMatchObject({
      isError: true,
      content: [
        { type: "text", text: 'Invalid arguments for tool "search": city: is required; limit: must be <= 100' },
      ],
    });
    expect(written()).toBe("");
  });

  it("bad arguments (zod): isError naming each field and rule", async () => {
    const result = await client.callTool({ name: "searchZod", arguments: { limit: 500 } });
    expect(result).toMatchObject({
      isError: true,
      content: [
        {
          type: "text",
          text:
            'Invalid arguments for tool "searchZod": city: Invalid input: expected string, received undefined; ' +
            "limit: Too big: expected number to be <=100",
        },
      ],
    });
  });

  it("a result breaking the output schema: isError for the client, reported on stderr as a server bug", async () => {
    const result = await client.callTool({ name: "badOutput", arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      {
        type: "text",
        text: 'Tool "badOutput" produced a result that does not match its output schema: total: Invalid input: expected number, received string',
      },
    ]);
    expect(written()).toBe(
      '[mcpsmith] tool "badOutput" broke its outputSchema: total: Invalid input: expected number, received string\n',
    );
  });

  it("an unknown tool is a protocol error, not an isError result", async () => {
    await expect(client.callTool({ name: "nope", arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });
});
