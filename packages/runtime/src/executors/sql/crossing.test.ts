import { describe, expect, it } from "vitest";
import { toJson, toSql } from "./codecs.js";
import { crossing } from "./crossing.js";
import { SYNTAX } from "./dialect.js";
import type { SqlCodec } from "./model.js";

const quote = SYNTAX.postgres.quote;
const shipment: SqlCodec = {
  kind: "composite",
  type: '"public"."shipment"',
  attributes: [
    { name: "cost", codec: { kind: "money" } },
    { name: 'la"bel', codec: { kind: "text" } },
  ],
};

describe("how PostgreSQL values cross", () => {
  it("reads and writes money through numeric, as a column and as an array", () => {
    expect(crossing({ kind: "money" }, quote)?.read?.('"price"')).toBe('"price"::numeric');
    expect(crossing({ kind: "money" }, quote)?.write("$1")).toBe("$1::numeric::money");
    const prices: SqlCodec = { kind: "array", element: { kind: "array", element: { kind: "money" } } };
    expect(crossing(prices, quote)?.read?.('"prices"')).toBe('"prices"::numeric[]');
    expect(crossing(prices, quote)?.write("$2")).toBe("$2::numeric[]::money[]");
  });

  it("casts a row literal to its type, and takes a row holding money apart, money through numeric", () => {
    const plain: SqlCodec = { ...shipment, attributes: [{ name: "id", codec: { kind: "integer" } }] };
    expect(crossing(plain, quote)?.read).toBeUndefined();
    expect(crossing(plain, quote)?.write("$1")).toBe('$1::"public"."shipment"');
    const money = crossing(shipment, quote)!;
    expect(money.read?.('"ship"')).toBe(
      'CASE WHEN "ship" IS NOT DISTINCT FROM NULL THEN NULL ELSE ROW(("ship")."cost"::numeric, ("ship")."la""bel")::text END',
    );
    expect(money.write("$3")).toBe('ROW(($3::text[])[1]::numeric::money, ($3::text[])[2])::"public"."shipment"');
  });

  it("gives a row holding money its attributes' text to put together, and reads its money as a decimal", () => {
    expect(toSql({ cost: "12.50", 'la"bel': null }, shipment, "postgres", "ship")).toEqual(["12.50", null]);
    expect(() => toSql({ cost: "$12.50" }, shipment, "postgres", "ship")).toThrow(/"ship.cost" takes a decimal/);
    expect(toJson('(12.50,"a ""b""")', shipment)).toEqual({ cost: "12.50", 'la"bel': 'a "b"' });
  });
});
