import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CursorSigner } from "./cursor.js";
import type { StatementWriter } from "./dialect.js";
import { SHOP } from "./fixtures.test-support.js";
import { listShape } from "./list-shape.js";
import { keysetCondition } from "./order.js";
import { listStatement } from "./statements.js";

const orders = SHOP.tables[0]!;

function list(dialect: "postgres" | "mysql" | "sqlite", args: { where?: unknown; order?: unknown; after?: unknown[] }) {
  const shape = listShape(orders, dialect, args.order, ["region", "id"]);
  const after = args.after;
  const condition = after && ((w: StatementWriter) => keysetCondition(shape.keys, after, w));
  return listStatement(dialect, shape, args.where, condition, 10);
}

describe("listStatement", () => {
  it("quotes names, binds every value, and ends the order with the key", () => {
    const pg = list("postgres", {
      where: { note: { ilike: "%x%" }, status: { in: ["new", "paid"] } },
      order: [{ column: "note", direction: "desc" }],
    });
    expect(pg.text).toBe(
      'SELECT "region", "id", "note" FROM "public"."orders" WHERE ("note" ILIKE $1 AND "status" = ANY($2)) ' +
        'ORDER BY "note" DESC NULLS FIRST, "region" ASC, "id" ASC LIMIT 11',
    );
    expect(pg.values).toEqual(["%x%", ["new", "paid"]]);
    const my = list("mysql", {
      where: { note: { ilike: "%x%" }, status: { in: ["new", "paid"] } },
      order: [{ column: "note" }],
    });
    expect(my.text).toBe(
      "SELECT `region`, `id`, `note` FROM `public`.`orders` WHERE (LOWER(`note`) LIKE LOWER(?) AND `status` IN (?, ?)) " +
        "ORDER BY `note` IS NULL DESC, `note` ASC, `region` ASC, `id` ASC LIMIT 11",
    );
  });

  it("binds keyset values in the order '?' placeholders name them", () => {
    const statement = list("sqlite", {
      order: [{ column: "note", direction: "desc", nulls: "last" }],
      after: ["b", "eu", "7"],
    });
    expect(statement.text).toContain(
      '(("note" < ? OR "note" IS NULL)) OR ("note" IS ? AND "region" > ?) OR ("note" IS ? AND "region" IS ? AND "id" > ?)',
    );
    expect(statement.values).toEqual(["b", "b", "eu", "b", "eu", 7n]);
    const afterNull = list("sqlite", {
      order: [{ column: "note", direction: "desc", nulls: "last" }],
      after: [null, "eu", "7"],
    });
    expect(afterNull.values).toEqual(["eu", "eu", 7n]);
  });

  it("refuses operators that do not fit a column and names that are not columns", () => {
    expect(() => list("postgres", { where: { status: { like: "n%" } } })).toThrow(/does not apply/);
    expect(() => list("postgres", { where: { 'id" = 1 OR "1': { eq: 1 } } })).toThrow(/not a column/);
    expect(() => list("postgres", { order: [{ column: "id", direction: "sideways" }] })).toThrow(/asc or desc/);
  });
});

describe("CursorSigner", () => {
  it("opens its own cursors for the same scope and refuses edits and strangers", () => {
    const signer = new CursorSigner("a key of sixteen bytes at least");
    const cursor = signer.sign("scope", ["x", 1]);
    expect(signer.open(cursor, "scope")).toEqual(["x", 1]);
    expect(() => signer.open(cursor, "other")).toThrow(/another table or order/);
    expect(() => signer.open(`${cursor.slice(0, -2)}AA`, "scope")).toThrow(/not made by this server/);
    expect(() => new CursorSigner().open(cursor, "scope")).toThrow(/not made by this server/);
    // A base64url decoder skips what is not base64url: such a payload is not a cursor, whatever its MAC.
    expect(() => signer.open(`${cursor.slice(0, 2)}\u00e9${cursor.slice(2)}`, "scope")).toThrow(/is not a cursor/);
    expect(() => signer.open(`${cursor.slice(0, 2)}=${cursor.slice(2)}`, "scope")).toThrow(/is not a cursor/);
  });

  it("signs with HMAC-SHA256, so a configured key opens the cursors earlier versions made", () => {
    // Keys shorter than SHA-256's block, of its size, and longer (hashed first), as text and as bytes.
    const keys = [16, 63, 64, 65, 200].map((length) => randomBytes(length));
    for (const key of [...keys, "a key of sixteen bytes at least", "ключ длиннее шестнадцати байт"]) {
      const signer = new CursorSigner(key);
      for (const values of [[1], ["Œuvre ✓", null, 2.5], [Array.from({ length: 40 }, (_, i) => `key ${i}`)]]) {
        const [payload, mac] = signer.sign("s", values).split(".") as [string, string];
        expect(mac).toBe(createHmac("sha256", key).update(payload).digest("base64url"));
      }
    }
  });
});

describe("likeToGlob", () => {
  it("keeps SQLite's like case-sensitive by writing the pattern as a GLOB", async () => {
    const { likeToGlob } = await import("./filters.js");
    expect(likeToGlob("AC%_x*[?")).toBe("AC*?x[*][[][?]");
  });
});

describe("filters on PostgreSQL types read as text", () => {
  it("filter and order xml, intervals and other non-string types by their text form, strings as themselves", () => {
    const text = (name: string, nativeType: string) => ({
      name,
      nativeType,
      codec: { kind: "text" as const },
      schema: { type: "string" },
      nullable: false,
      readOnly: false,
      hasDefault: false,
    });
    const table = {
      ...orders,
      columns: [...orders.columns, text("diagram", "xml"), text("wait", "interval"), text("code", "character(3)")],
    };
    const statement = listStatement(
      "postgres",
      listShape(table, "postgres", undefined, [table.columns[0]!.name]),
      { diagram: { eq: "<a/>" }, wait: { like: "1 day%" }, code: { in: ["x"] } },
      undefined,
      1,
    );
    expect(statement.text).toContain('WHERE ("diagram"::text = $1 AND "wait"::text LIKE $2 AND "code" = ANY($3))');
    const ordered = listShape(table, "postgres", [{ column: "diagram", direction: "desc" }], [table.columns[0]!.name]);
    const paged = listStatement(
      "postgres",
      ordered,
      undefined,
      (w: StatementWriter) => keysetCondition(ordered.keys, ["<a/>", "eu", 1], w),
      1,
    );
    expect(paged.text).toContain('("diagram"::text < $1)');
    expect(paged.text).toContain('ORDER BY "diagram"::text DESC');
  });
});
