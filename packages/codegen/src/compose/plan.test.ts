import { describe, expect, it } from "vitest";
import { type PlanInput, planSource } from "./plan.js";

const TOOLS = ["list_orders", "get_orders", "list_customers", "query", "describe"];

const plan = (input: Partial<PlanInput>) =>
  planSource({
    key: "shop",
    tools: TOOLS,
    prefix: "shop",
    transforms: {},
    rawSql: ["query"],
    file: "/p/c.json",
    ...input,
  });

describe("planSource", () => {
  it("names every tool <prefix>_<tool> by default, or as renamed, and without a prefix when it is empty", () => {
    expect(plan({}).tools.map((tool) => tool.name)).toEqual([
      "shop_list_orders",
      "shop_get_orders",
      "shop_list_customers",
      "shop_query",
      "shop_describe",
    ]);
    const renamed = plan({
      prefix: "",
      transforms: { rename: { query: "sql" }, describe: { query: "Read-only SQL." } },
    });
    expect(renamed.tools.find((tool) => tool.tool === "query")).toEqual({
      tool: "query",
      name: "sql",
      description: "Read-only SQL.",
    });
  });

  it("serves what include keeps and exclude does not take, by glob", () => {
    const { tools } = plan({ transforms: { include: ["list_*", "get_*"], exclude: ["*customers"] } });
    expect(tools.map((tool) => tool.tool)).toEqual(["list_orders", "get_orders"]);
  });

  it("shortens a name too long with its prefix, predictably, to the limit", () => {
    const long = "list_a_table_whose_name_goes_on_and_on_well_past_what_hosts_take";
    const { tools } = plan({ tools: [long], prefix: "warehouse" });
    expect(tools[0]!.name).toHaveLength(64);
    expect(tools[0]!.name).toMatch(/^warehouse_list_a_table.*_[0-9a-f]{6}$/);
    expect(plan({ tools: [long], prefix: "warehouse" }).tools[0]!.name).toBe(tools[0]!.name);
    expect(plan({ tools: [long], prefix: "warehouse", maxNameLength: 40 }).tools[0]!.name).toHaveLength(40);
  });

  it("turns bindings into the runtime's, a plain value as { value }", () => {
    const { tools } = plan({
      transforms: {
        bind: { list_orders: { "where.customer_id.eq": { env: "CUSTOMER" }, limit: 5, filter: { value: { a: 1 } } } },
      },
    });
    expect(tools[0]).toEqual({
      tool: "list_orders",
      name: "shop_list_orders",
      bind: { "where.customer_id.eq": { env: "CUSTOMER" }, limit: { value: 5 }, filter: { value: { a: 1 } } },
      where: "sources.shop.tools.bind.list_orders",
    });
  });

  it("leaves raw SQL out of a source filtered by a claim, saying so", () => {
    const { tools, warnings } = plan({
      transforms: { bind: { list_orders: { "where.customer_id.eq": { claim: "sub" } } } },
    });
    expect(tools.map((tool) => tool.tool)).not.toContain("query");
    expect(warnings).toEqual([
      'source "shop": query (raw SQL) is left out: a claim binding filters this source, and SQL written by the caller would bypass it',
    ]);
    expect(() => plan({ transforms: { bind: { query: { sql: { claim: "sub" } } } } })).toThrow(
      "sources.shop.tools.bind.query: query runs the caller's SQL",
    );
  });

  it("names the transform that names a tool the source does not have, with the tools it has", () => {
    const failure = () =>
      plan({
        transforms: {
          rename: { list_order: "orders" },
          describe: { nope: "x" },
          include: ["list_*", "fetch_*"],
          bind: { gets: { a: 1 } },
        },
      });
    expect(failure).toThrow("/p/c.json has 4 problems:");
    expect(failure).toThrow(
      'sources.shop.tools.rename.list_order: source "shop" has no tool "list_order" (its tools: list_orders, get_orders, list_customers, query, describe)',
    );
    expect(failure).toThrow('sources.shop.tools.include[1]: "fetch_*" matches no tool of source "shop"');
    expect(failure).toThrow('sources.shop.tools.describe.nope: source "shop" has no tool "nope"');
    expect(failure).toThrow('sources.shop.tools.bind.gets: source "shop" has no tool "gets"');
  });

  it("of a source whose tools come and go (a remote), waits for a tool a transform names instead of failing", () => {
    const { tools, warnings } = plan({
      live: true,
      transforms: { rename: { list_order: "orders" }, include: ["list_*"] },
    });
    expect(tools.map((tool) => tool.name)).toEqual(["shop_list_orders", "shop_list_customers"]);
    expect(warnings).toEqual([
      'sources.shop.tools.rename.list_order: source "shop" has no tool "list_order" now (its tools: list_orders, get_orders, list_customers, query, describe); it applies once the source has one',
    ]);
  });
});
