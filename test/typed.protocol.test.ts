// examples/typed has no schema written anywhere: `pnpm build` runs `mcpsmith build` on it, which derives every
// input schema, output schema and description from its types and doc comments into dist/library.mcpsmith.json.
// Here the official clients (v2 in each mode, and v1) see those schemas in tools/list and have calls validated
// against them, in process and over stdio (`node dist/main.js`, as a host runs it).

import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Library } from "../examples/typed/dist/library.js";
import { CLIENTS, type Connection, connectClient, type TestClient, type TransportKind } from "./support/clients.js";
import { stdioCommand } from "./support/servers.js";

const TYPED_MAIN = fileURLToPath(new URL("../examples/typed/dist/main.js", import.meta.url));
const TRANSPORTS: readonly TransportKind[] = ["in-memory", "stdio"];

const GENRE = { type: "string", enum: ["fiction", "history", "science", "poetry"] };
const BOOK_FIELDS = {
  title: { type: "string" },
  author: { type: "string" },
  genre: GENRE,
  year: { type: "integer", description: "Year of first publication." },
  tags: { type: "array", items: { type: "string" } },
};
const BOOK = {
  type: "object",
  properties: { id: { type: "string", description: "Stable identifier, e.g. `b-1`." }, ...BOOK_FIELDS },
  required: ["id", "title", "author", "genre", "year", "tags"],
};

function textOf(result: { content?: unknown }): string {
  return (result.content as { type: string; text: string }[])[0]?.text ?? "";
}

describe.each(TRANSPORTS)("examples/typed over %s", (transport) => {
  const connection = (): Connection =>
    transport === "in-memory"
      ? { transport: "in-memory", target: new Library() }
      : { transport: "stdio", command: stdioCommand(TYPED_MAIN) };

  describe.each(CLIENTS)("with the $kind client", (spec) => {
    let client: TestClient;
    beforeAll(async () => {
      client = await connectClient(spec.kind, connection());
    });
    afterAll(async () => {
      await client?.close();
    });

    it("tools/list: every schema and description derived from the types", async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(["search", "addBook", "lend", "outline", "shelve"]);
      const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));

      expect(byName.search?.description).toBe("Searches the catalog by words in the title or author.");
      expect(byName.search?.inputSchema).toEqual({
        type: "object",
        properties: {
          query: { type: "string", minLength: 1, description: "Words to look for (case-insensitive)." },
          genre: GENRE,
          since: { type: "number", description: "Only books published in or after this year." },
          sort: { type: "string", enum: ["relevance", "newest", "title"] },
          limit: { type: "integer", minimum: 1, maximum: 50, default: 10, description: "At most this many books." },
        },
        required: ["query"],
      });
      expect(byName.search?.outputSchema).toEqual({
        type: "object",
        properties: {
          books: { type: "array", items: BOOK },
          total: { type: "number", description: "How many books matched, before `limit`." },
        },
        required: ["books", "total"],
      });
      expect(byName.search?.annotations?.readOnlyHint).toBe(true);

      // Omit<Book, "id">: the remaining fields, with their doc comments.
      expect(byName.addBook?.inputSchema.properties?.book).toEqual({
        type: "object",
        properties: BOOK_FIELDS,
        required: ["title", "author", "genre", "year", "tags"],
      });

      expect(byName.lend?.inputSchema.properties).toMatchObject({
        to: {
          anyOf: [
            {
              type: "object",
              properties: {
                kind: { type: "string", const: "member" },
                card: { type: "string", pattern: "^[0-9]{6}$", description: "Library card number." },
              },
              required: ["kind", "card"],
            },
            {
              type: "object",
              properties: {
                kind: { type: "string", const: "guest" },
                name: { type: "string" },
                deposit: { type: "number", minimum: 5, description: "In euros." },
              },
              required: ["kind", "name", "deposit"],
            },
          ],
        },
        due: { type: "string", format: "date-time" },
      });
      expect(byName.lend?.outputSchema).toMatchObject({ properties: { due: { type: ["string", "null"] } } });

      // A recursive type lands in the root's $defs.
      expect(byName.outline?.inputSchema).toEqual({
        type: "object",
        properties: { list: { $ref: "#/$defs/Section" } },
        required: ["list"],
        $defs: {
          Section: {
            type: "object",
            properties: {
              title: { type: "string" },
              books: { type: "array", items: { type: "string" } },
              sections: { type: "array", items: { $ref: "#/$defs/Section" } },
            },
            required: ["title"],
          },
        },
      });

      // Parameters<typeof placeOn>[0], with the tags of placeOn's parameter type.
      expect(byName.shelve?.inputSchema).toEqual({
        type: "object",
        properties: {
          shelf: { type: "string" },
          row: { type: "integer", minimum: 1, maximum: 8, description: "1 is the top row." },
        },
        required: ["shelf", "row"],
      });
      expect(byName.shelve?.outputSchema).toBeUndefined();
    });

    it("tools/call: results follow the derived output schema", async () => {
      const found = await client.callTool({ name: "search", arguments: { query: "the", genre: "science" } });
      expect(found.isError).toBeFalsy();
      expect(found.structuredContent).toMatchObject({ total: 1, books: [{ id: "b-3", year: 1976 }] });

      const outline = await client.callTool({
        name: "outline",
        arguments: {
          list: { title: "Reading", sections: [{ title: "War", books: ["b-2"], sections: [{ title: "WWI" }] }] },
        },
      });
      expect(outline.structuredContent).toEqual({ sections: 3, books: 1, depth: 3 });
    });

    it("tools/call: arguments breaking the derived schema are refused, naming the field", async () => {
      const limit = await client.callTool({ name: "search", arguments: { query: "war", limit: 2.5 } });
      expect(limit.isError).toBe(true);
      expect(textOf(limit)).toContain("limit: must be integer");

      const missing = await client.callTool({ name: "search", arguments: {} });
      expect(missing.isError).toBe(true);
      expect(textOf(missing)).toContain("query: is required");

      const deposit = await client.callTool({
        name: "lend",
        arguments: { bookId: "b-1", to: { kind: "guest", name: "Ada", deposit: 1 } },
      });
      expect(deposit.isError).toBe(true);
      expect(textOf(deposit)).toContain("to.deposit: must be >= 5");

      const nested = await client.callTool({ name: "outline", arguments: { list: { title: "A", sections: [{}] } } });
      expect(nested.isError).toBe(true);
      expect(textOf(nested)).toContain("list.sections.0.title: is required");
    });

    it("tools/call: a Date in the arguments' type reaches the method as a Date", async () => {
      const lent = await client.callTool({
        name: "lend",
        arguments: { bookId: "b-1", to: { kind: "member", card: "123456" }, due: "2026-12-24T10:00:00+01:00" },
      });
      expect(lent.isError, textOf(lent)).toBeFalsy();
      // toISOString, called on what the method got: a Date, in UTC.
      expect(lent.structuredContent).toEqual({ bookId: "b-1", due: "2026-12-24T09:00:00.000Z" });
    });

    it("prompts and resource templates take their descriptions from doc comments", async () => {
      const { prompts } = await client.listPrompts();
      expect(prompts).toEqual([
        {
          name: "review",
          description: "Asks the model for a short review of a book.",
          arguments: [{ name: "title", description: "The book's title.", required: true }],
        },
      ]);
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates[0]).toMatchObject({
        uriTemplate: "library://books/{id}",
        description: "One book, as JSON.",
      });
    });
  });
});
