import { describe, expect, it } from "vitest";
import { compileJsonSchema } from "../../schema/json-validator.js";
import { SHOP } from "./fixtures.test-support.js";
import { FILTER_OPERATORS } from "./operators.js";
import { sqlToolSchema } from "./tool-kinds.js";

const orders = { schema: "public", name: "orders" };

function validator(kind: "input" | "output", ...args: Parameters<typeof sqlToolSchema>) {
  return compileJsonSchema(sqlToolSchema(...args)[kind]);
}

describe("sqlToolSchema", () => {
  it("types list filters per column, with operators that fit each codec", () => {
    const { input } = sqlToolSchema({ kind: "list", table: orders }, SHOP, { defaultLimit: 10, maxRows: 100 });
    type Filter = { properties: object };
    const defs = input.$defs as Record<string, { properties: Record<string, { $ref: string }> } & Filter>;
    const filterOf = (column: string) => defs[defs.where!.properties[column]!.$ref.replace("#/$defs/", "")]!;
    // A text column takes every operator but the array one, in the table's order.
    expect(Object.keys(filterOf("note").properties)).toEqual(FILTER_OPERATORS.filter((op) => op !== "contains"));
    expect(Object.keys(filterOf("tags").properties)).toEqual(["contains"]);
    expect(Object.keys(filterOf("status").properties)).not.toContain("like");
    // A nullable column's filter also takes isNull: not the same definition as a non-null one of the same type.
    expect(defs.where!.properties.note!.$ref).not.toBe(defs.where!.properties.region!.$ref);
    expect((input.properties as Record<string, unknown>).limit).toEqual({
      type: "integer",
      minimum: 1,
      maximum: 100,
      default: 10,
    });
    const check = validator("input", { kind: "list", table: orders }, SHOP);
    expect(
      check({
        where: { status: { in: ["new"] }, _or: [{ note: { isNull: true } }, { note: { ilike: "%x%" } }] },
        order: [{ column: "id", direction: "desc", nulls: "last" }],
        select: ["id", "note"],
        count: "exact",
      }).ok,
    ).toBe(true);
    expect(check({ where: { status: { eq: "lost" } } }).ok).toBe(false);
    expect(check({ where: { nope: { eq: 1 } } }).ok).toBe(false);
    expect(check({ where: { status: { like: "n%" } } }).ok).toBe(false);
    expect(check({ order: [{ column: "id; drop table x" }] }).ok).toBe(false);
  });

  it("writes a filter once for every column that takes the same one", () => {
    const base = SHOP.tables[0]!;
    const twin = { ...base.columns.find((c) => c.name === "region")!, name: "city" };
    const database = { ...SHOP, tables: [{ ...base, columns: [...base.columns, twin] }] };
    const { input } = sqlToolSchema({ kind: "list", table: orders }, database);
    const defs = input.$defs as Record<string, { properties: Record<string, { $ref: string }> }>;
    expect(defs.where!.properties.city).toEqual(defs.where!.properties.region);
    expect(Object.keys(defs).filter((name) => name.startsWith("textFilter"))).toHaveLength(2);
  });

  it("takes a composite key for get and embeds the rows pointing here", () => {
    const binding = {
      kind: "get" as const,
      table: orders,
      embed: [
        {
          property: "lines",
          cardinality: "many" as const,
          table: { schema: "public", name: "order_lines" },
          on: [
            { column: "region", otherColumn: "region" },
            { column: "id", otherColumn: "order_id" },
          ],
        },
      ],
    };
    const { input, output, annotations } = sqlToolSchema(binding, SHOP);
    expect(input.required).toEqual(["region", "id"]);
    expect(Object.keys(output.properties as object)).toContain("lines");
    expect(annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(validator("input", binding, SHOP)({ region: "eu" }).ok).toBe(false);
  });

  it("leaves generated columns out of writes and makes defaulted ones optional", () => {
    const insert = sqlToolSchema({ kind: "insert", table: orders }, SHOP);
    expect(Object.keys(insert.input.properties as object)).not.toContain("total");
    expect(insert.input.required).toEqual(["region", "status", "tags"]);
    expect(insert.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    const update = sqlToolSchema({ kind: "update", table: orders }, SHOP);
    const check = compileJsonSchema(update.input);
    expect(check({ key: { region: "eu", id: "1" }, set: { note: null } }).ok).toBe(true);
    expect(check({ key: { region: "eu", id: "1" }, set: {} }).ok).toBe(false);
    expect(check({ key: { region: "eu", id: "1" }, set: { id: "2" } }).ok).toBe(false);
    expect(sqlToolSchema({ kind: "delete", table: orders }, SHOP).annotations.destructiveHint).toBe(true);
  });

  it("refuses what a table cannot have", () => {
    const view = { schema: "public", name: "paid_orders" };
    expect(() => sqlToolSchema({ kind: "get", table: view }, SHOP)).toThrow(/no primary key/);
    expect(() => sqlToolSchema({ kind: "list", table: { name: "ghost" } }, SHOP)).toThrow(/lacks/);
    const listView = sqlToolSchema({ kind: "list", table: view }, SHOP).input.properties as object;
    expect(Object.keys(listView)).not.toContain("cursor");
  });

  it("gives describe an enum of tables unless there are too many to list", () => {
    const few = sqlToolSchema({ kind: "describe" }, SHOP).input.properties as Record<string, { enum?: string[] }>;
    expect(few.table!.enum).toEqual(["public.orders", "public.order_lines", "public.paid_orders"]);
    const many = sqlToolSchema({ kind: "describe" }, SHOP, { manyTables: true }).input.properties as Record<
      string,
      object
    >;
    expect(many.table).toEqual({ type: "string" });
  });

  it("names the kinds there are when a binding's kind is none of them", () => {
    expect(() => sqlToolSchema({ kind: "truncate" } as never, SHOP)).toThrow(
      'A SQL binding\'s kind is "truncate"; the kinds are list, get, insert, update, delete, query, describe, find_tables, list_rows.',
    );
  });
});
