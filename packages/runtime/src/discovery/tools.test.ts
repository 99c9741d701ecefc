import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { server } from "../index.js";
import { createTestClient } from "../testing/index.js";
import type { Operation } from "./catalog.js";
import { CALL_TOOL, DESCRIBE_TOOL, discoveryToolDefinitions, discoveryTools, SEARCH_TOOL } from "./tools.js";

const calls: { name: string; args: Record<string, unknown> }[] = [];

const operations: Operation[] = Array.from({ length: 45 }, (_, i) => ({
  name: `getWidget${i}`,
  description: `Get widget number ${i}\n\nLonger text that search also reads.`,
  group: i % 2 === 0 ? "even" : "odd",
  keywords: [`GET /widgets/${i}`],
  annotations: { readOnlyHint: true, openWorldHint: true },
  inputSchema: {
    type: "object",
    properties: {
      id: { type: "integer", minimum: 1 },
      verbose: { type: "boolean", default: false },
      filter: { type: "object", properties: { colour: { enum: ["red", "blue"] } } },
    },
    required: ["id"],
  },
  handler: (args) => {
    calls.push({ name: `getWidget${i}`, args });
    return { widget: i, ...args };
  },
}));

function app() {
  const builder = server({ name: "widgets", version: "1.0.0" });
  for (const tool of discoveryTools(operations, { subject: "the widget API", pageSize: 20 })) {
    builder.tool(tool.name, tool.definition, tool.handler);
  }
  return builder;
}

describe.each(["legacy", "2026-07-28"] as const)("discovery tools (%s)", (era) => {
  let client: Client;
  beforeAll(async () => {
    client = await createTestClient(app(), { era });
  });
  afterAll(async () => {
    await client.close();
  });

  const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });

  it("lists three tools, whatever the number of operations", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([SEARCH_TOOL, DESCRIBE_TOOL, CALL_TOOL]);
    expect(tools[0]?.description).toContain("Search the 45 operations of the widget API");
    expect(tools[0]?.description).toContain("Groups: even, odd.");
    // Every operation is read-only, so calling one is too.
    expect(tools[2]?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
  });

  it("pages through every match with cursors, and says when it is done", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const result = await call(SEARCH_TOOL, { query: "widget", ...(cursor && { cursor }) });
      const page = result.structuredContent as { total: number; operations: { name: string }[]; nextCursor?: string };
      expect(page.total).toBe(45);
      seen.push(...page.operations.map((hit) => hit.name));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(operations.map((operation) => operation.name));
  });

  it("honours limit and group", async () => {
    const result = await call(SEARCH_TOOL, { group: "odd", limit: 5 });
    const page = result.structuredContent as { total: number; operations: { name: string; group: string }[] };
    expect(page.total).toBe(22);
    expect(page.operations.map((hit) => hit.name)).toEqual([
      "getWidget1",
      "getWidget3",
      "getWidget5",
      "getWidget7",
      "getWidget9",
    ]);
  });

  it("refuses a cursor from another search", async () => {
    const first = await call(SEARCH_TOOL, { query: "widget", limit: 2 });
    const cursor = (first.structuredContent as { nextCursor: string }).nextCursor;
    const result = await call(SEARCH_TOOL, { query: "other", cursor });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      expect.objectContaining({ text: expect.stringContaining("cursor: it belongs to a search with another query") }),
    ]);
  });

  it("describes an operation with its input schema", async () => {
    const result = await call(DESCRIBE_TOOL, { name: "getWidget7" });
    expect(result.structuredContent).toEqual({
      name: "getWidget7",
      description: operations[7]!.description,
      group: "odd",
      annotations: { readOnlyHint: true, openWorldHint: true },
      inputSchema: operations[7]!.inputSchema,
    });
  });

  it("answers an unknown name with near names", async () => {
    const result = await call(DESCRIBE_TOOL, { name: "getWidgt7" });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toMatch(
      /^name: no operation is named "getWidgt7"\. Did you mean getWidget7, getWidget0, getWidget1\? Use search_operations/,
    );
  });

  it("calls an operation with validated arguments (defaults applied)", async () => {
    calls.length = 0;
    const result = await call(CALL_TOOL, { name: "getWidget3", arguments: { id: 9 } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ widget: 3, id: 9, verbose: false });
    expect(calls).toEqual([{ name: "getWidget3", args: { id: 9, verbose: false } }]);
  });

  it("refuses bad arguments naming each field, and runs nothing", async () => {
    calls.length = 0;
    const missing = await call(CALL_TOOL, { name: "getWidget3", arguments: { filter: { colour: "green" } } });
    expect(missing.isError).toBe(true);
    const text = (missing.content as { text: string }[])[0]?.text;
    expect(text).toContain('Invalid arguments for operation "getWidget3"');
    expect(text).toContain("arguments.id: is required");
    expect(text).toContain('arguments.filter.colour: must be equal to one of the allowed values: ["red","blue"]');
    const wrongType = await call(CALL_TOOL, { name: "getWidget3", arguments: { id: 0 } });
    expect((wrongType.content as { text: string }[])[0]?.text).toContain("arguments.id: must be >= 1");
    expect(calls).toEqual([]);
  });
});

describe("discoveryTools", () => {
  it("keeps the descriptions short whatever the subject and the groups", () => {
    const many = operations.map((operation, i) => ({ ...operation, group: `a-rather-long-group-name-${i}` }));
    const [search] = discoveryTools(many, { subject: "x".repeat(5_000) });
    expect(search?.definition.description).not.toContain("Groups:");
    expect(search?.definition.description?.length).toBeLessThan(600);
  });

  it("lists what discoveryToolDefinitions gives from the operations' groups and hints alone", () => {
    const options = { subject: "the widget API", pageSize: 10, maxPageSize: 50 };
    const mixed = operations.map((operation, i) => ({
      ...operation,
      annotations: { readOnlyHint: i > 0, openWorldHint: false },
    }));
    const definitions = (ops: Operation[]) =>
      discoveryTools(ops, options).map(({ name, definition }) => ({ name, definition }));
    const groupsAndHints = (ops: Operation[]) => ops.map(({ group, annotations }) => ({ group, annotations }));
    expect(discoveryToolDefinitions(groupsAndHints(operations), options)).toEqual(definitions(operations));
    expect(discoveryToolDefinitions(groupsAndHints(mixed), options)).toEqual(definitions(mixed));
  });

  it("groups the thousands of the operation count", () => {
    const counted = (count: number) =>
      discoveryToolDefinitions(Array.from({ length: count }, () => ({})))[0]?.definition.description;
    expect(counted(999)).toContain("Search the 999 operations");
    expect(counted(1_186)).toContain("Search the 1,186 operations");
    expect(counted(1_234_567)).toContain("Search the 1,234,567 operations");
  });

  it("refuses two operations of one name", () => {
    expect(() => discoveryTools([operations[0]!, operations[0]!])).toThrow(/two operations are named "getWidget0"/);
  });
});
