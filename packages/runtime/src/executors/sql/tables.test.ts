import { describe, expect, it } from "vitest";
import { McpsmithError } from "../../errors.js";
import { ToolError } from "../../results/tool-error.js";
import type { SqlDatabase, SqlTable } from "./model.js";
import { tableNamed, tableOf } from "./tables.js";

const table = (name: string, schema?: string): SqlTable => ({
  ...(schema !== undefined && { schema }),
  name,
  kind: "table",
  columns: [],
  uniqueKeys: [],
  foreignKeys: [],
});

const database = (tables: SqlTable[]): SqlDatabase => ({ name: "shop", dialect: "postgres", tables }) as SqlDatabase;

describe("tableOf", () => {
  it("finds a table by schema and name, and keeps the two apart", () => {
    const dotted = table("a.b");
    const inSchema = table("b", "a");
    const shop = database([dotted, inSchema, table("b", "c")]);
    expect(tableOf(shop, { name: "a.b" })).toBe(dotted);
    expect(tableOf(shop, { schema: "a", name: "b" })).toBe(inSchema);
    expect(() => tableOf(shop, { name: "b" })).toThrow(McpsmithError);
  });

  it("takes the first of two tables of the same name, as a scan of the list would", () => {
    const first = table("orders", "public");
    expect(tableOf(database([first, table("orders", "public")]), { schema: "public", name: "orders" })).toBe(first);
  });

  it("finds a table added to the list after the first lookup", () => {
    const tables = [table("orders", "public")];
    const shop = database(tables);
    expect(tableOf(shop, { schema: "public", name: "orders" })).toBe(tables[0]);
    const added = table("lines", "public");
    tables.push(added);
    expect(tableOf(shop, { schema: "public", name: "lines" })).toBe(added);
  });

  it("says which table a binding names that the database lacks", () => {
    expect(() => tableOf(database([]), { schema: "public", name: "gone" })).toThrow(
      'The SQL tool names the table "public.gone", which database "shop" lacks.',
    );
  });
});

describe("tableNamed", () => {
  const orders = table("orders", "public");
  const archived = table("orders", "archive");
  const lines = table("lines", "public");
  const shop = database([orders, archived, lines]);

  it("finds a table by its qualified name, or by a bare name only one schema has", () => {
    expect(tableNamed(shop, "archive.orders")).toBe(archived);
    expect(tableNamed(shop, "lines")).toBe(lines);
  });

  it("asks which schema when a bare name is in several, and says where to look when it is in none", () => {
    expect(() => tableNamed(shop, "orders")).toThrow(ToolError);
    expect(() => tableNamed(shop, "orders")).toThrow("say which (public.orders, archive.orders)");
    expect(() => tableNamed(shop, "nope")).toThrow("find_tables lists them");
  });
});
