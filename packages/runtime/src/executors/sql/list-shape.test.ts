import { describe, expect, it } from "vitest";
import { SHOP } from "./fixtures.test-support.js";
import { listShape } from "./list-shape.js";

const [orders, lines, paidOrders] = SHOP.tables as [
  (typeof SHOP.tables)[0],
  (typeof SHOP.tables)[0],
  (typeof SHOP.tables)[0],
];

describe("listShape", () => {
  it("reads the selection and the sort keys a cursor needs, in the arguments' order, then the key's", () => {
    const shape = listShape(orders, "postgres", [{ column: "note", direction: "desc" }], ["status"]);
    expect(shape.keys.map((k) => [k.column.name, k.descending, k.nullsFirst])).toEqual([
      ["note", true, true],
      ["region", false, false],
      ["id", false, false],
    ]);
    expect(shape.selected.map((c) => c.name)).toEqual(["status"]);
    expect(shape.columns.map((c) => c.name)).toEqual(["status", "note", "region", "id"]);
    expect(shape.head).toBe('SELECT "status", "note", "region", "id" FROM "public"."orders"');
    expect(shape.orderBy).toBe(' ORDER BY "note" DESC NULLS FIRST, "region" ASC, "id" ASC');
    expect(shape.pageable).toBe(true);
    expect(shape.byKey).toEqual({ first: false, after: false });
  });

  it("says when a page is read through the primary key: its columns in order, ascending, one column for a cursor", () => {
    expect(listShape(orders, "postgres", undefined, undefined).byKey).toEqual({ first: true, after: false });
    expect(listShape(lines, "sqlite", undefined, undefined).byKey).toEqual({ first: true, after: true });
    expect(listShape(lines, "sqlite", [{ column: "line", direction: "desc" }], undefined).byKey).toEqual({
      first: false,
      after: false,
    });
    const view = listShape(paidOrders, "postgres", undefined, undefined);
    expect(view.pageable).toBe(false);
    expect(view.byKey).toEqual({ first: false, after: false });
  });

  it("is compiled once per table, dialect, order and selection", () => {
    const first = listShape(orders, "mysql", undefined, ["id"]);
    expect(listShape(orders, "mysql", undefined, ["id"])).toBe(first);
    expect(listShape(orders, "mysql", undefined, undefined)).not.toBe(first);
    expect(listShape(orders, "sqlite", undefined, ["id"])).not.toBe(first);
    expect(listShape(orders, "mysql", [], ["id"])).not.toBe(first);
    expect(listShape(lines, "mysql", undefined, ["line"]).table).toBe(lines);
  });

  it("keeps a bounded number of shapes a table, however many selections arguments name", () => {
    const names = orders.columns.map((c) => c.name);
    const first = listShape(orders, "sqlite", undefined, [names[0]]);
    // Selections of one, two or three columns in every order: far more shapes than are kept.
    for (const a of names)
      for (const b of names) for (const c of names) listShape(orders, "sqlite", undefined, [a, b, c]);
    expect(listShape(orders, "sqlite", undefined, [names[0]])).not.toBe(first);
  });

  it("refuses what names no column, and keeps nothing of it", () => {
    expect(() => listShape(orders, "postgres", [{ column: "nope" }], undefined)).toThrow(/not a column/);
    expect(() => listShape(orders, "postgres", [{ column: "nope" }], undefined)).toThrow(/not a column/);
    expect(() => listShape(orders, "postgres", undefined, ["id", "nope"])).toThrow(/"nope" is not a column/);
    expect(() => listShape(orders, "postgres", undefined, [])).toThrow(/list of column names/);
    expect(() => listShape(orders, "postgres", null, undefined)).toThrow(/order: takes a list/);
  });

  it("encodes rows by the names their columns were read under, whichever order a driver read them in", () => {
    const shape = listShape(orders, "postgres", undefined, ["id", "region"]);
    expect(shape.encoder(["region", "id"])(["eu", 7n])).toEqual({ id: "7", region: "eu" });
    expect(shape.encoder(["id", "region"])([8n, "us"])).toEqual({ id: "8", region: "us" });
    const read = ["region", "id"];
    expect(shape.encoder(read)).toBe(shape.encoder([...read]));
  });
});
