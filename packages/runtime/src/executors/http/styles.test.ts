import { describe, expect, it } from "vitest";
import { serializeQuery } from "./styles.js";

/** The pairs `deepObject` makes for `value`, brackets decoded so the expectations read as the convention is written. */
const deep = (name: string, value: unknown, allowReserved = false) =>
  serializeQuery(name, "deepObject", true, value, allowReserved).map((pair) =>
    pair.replaceAll("%5B", "[").replaceAll("%5D", "]"),
  );

describe("deepObject", () => {
  it("keeps the specification's own example for an object of scalars", () => {
    expect(serializeQuery("color", "deepObject", true, { R: 100, G: 200, B: 150 })).toEqual([
      "color%5BR%5D=100",
      "color%5BG%5D=200",
      "color%5BB%5D=150",
    ]);
  });

  it("sends a list of scalars as `name[]` per item, in order", () => {
    expect(deep("expand", ["customer", "invoice.subscription"])).toEqual([
      "expand[]=customer",
      "expand[]=invoice.subscription",
    ]);
  });

  it("indexes a list of objects, so the fields of one item stay together", () => {
    const items = [
      { price: "price_1", quantity: 2 },
      { price: "price_2", quantity: 1 },
    ];
    expect(deep("items", items)).toEqual([
      "items[0][price]=price_1",
      "items[0][quantity]=2",
      "items[1][price]=price_2",
      "items[1][quantity]=1",
    ]);
  });

  it("indexes every item of a list holding an object or a list, scalars beside them too", () => {
    expect(deep("mixed", ["a", { b: 1 }, ["c", "d"]])).toEqual([
      "mixed[0]=a",
      "mixed[1][b]=1",
      "mixed[2][]=c",
      "mixed[2][]=d",
    ]);
  });

  it("adds a bracket per level of nested objects, lists inside them following the same rule", () => {
    const value = {
      metadata: { order: "42" },
      shipping: { address: { city: "Paris", lines: ["1 rue", "2e étage"] } },
      tax_rates: [{ id: "txr_1" }],
    };
    expect(deep("invoice", value)).toEqual([
      "invoice[metadata][order]=42",
      "invoice[shipping][address][city]=Paris",
      "invoice[shipping][address][lines][]=1%20rue",
      "invoice[shipping][address][lines][]=2e%20%C3%A9tage",
      "invoice[tax_rates][0][id]=txr_1",
    ]);
  });

  it("sends nothing for an empty list or object, at the top or inside", () => {
    expect(deep("expand", [])).toEqual([]);
    expect(deep("metadata", {})).toEqual([]);
    expect(deep("filter", { tags: [], owner: {}, name: "x" })).toEqual(["filter[name]=x"]);
    expect(deep("items", [{}, { a: 1 }])).toEqual(["items[1][a]=1"]);
  });

  it("sends a null as the key with an empty value (how bracket-reading APIs unset a field)", () => {
    expect(deep("metadata", null)).toEqual(["metadata="]);
    expect(deep("metadata", { order: null, note: "n" })).toEqual(["metadata[order]=", "metadata[note]=n"]);
    expect(deep("list", [null, "a"])).toEqual(["list[]=", "list[]=a"]);
  });

  it("encodes keys and values strictly, values only as allowReserved says", () => {
    expect(deep("f", { "a b&c": "x/y z" })).toEqual(["f[a%20b%26c]=x%2Fy%20z"]);
    expect(deep("f", { "a/b": "x/y" }, true)).toEqual(["f[a%2Fb]=x/y"]);
  });

  it("sends a scalar as a plain `name=value`", () => {
    expect(deep("q", "blue")).toEqual(["q=blue"]);
  });
});
