import { describe, expect, it } from "vitest";
import { withoutPaths, withValueAt } from "./schema-paths.js";

const list = {
  type: "object",
  properties: { where: { $ref: "#/$defs/where" }, limit: { type: "integer" } },
  required: ["where"],
  additionalProperties: false,
  $defs: {
    where: {
      type: "object",
      properties: {
        tenant_id: { $ref: "#/$defs/intFilter" },
        total: { $ref: "#/$defs/intFilter" },
        or: { type: "array", items: { $ref: "#/$defs/where" } },
      },
      additionalProperties: false,
    },
    intFilter: {
      type: "object",
      properties: { eq: { type: "integer" }, gt: { type: "integer" } },
      additionalProperties: false,
    },
  },
};

describe("withoutPaths", () => {
  it("removes a top-level argument and its required entry, leaving the input untouched", () => {
    const out = withoutPaths(list, ["where"]);
    expect(out.properties).toEqual({ limit: { type: "integer" } });
    expect(out.required).toEqual([]);
    expect(list.properties.where).toEqual({ $ref: "#/$defs/where" });
  });

  it("follows local $refs, copying each definition on the way to where it is used", () => {
    const out = withoutPaths(list, ["where.tenant_id.eq"]) as typeof list & { properties: Record<string, unknown> };
    const where = out.properties.where as unknown as {
      properties: Record<string, { properties?: object; $ref?: string }>;
    };
    expect(where.properties.tenant_id!.properties).toEqual({ gt: { type: "integer" } });
    // The shared definitions are whole for every other use (another column, the `or` branches).
    expect(where.properties.total).toEqual({ $ref: "#/$defs/intFilter" });
    expect(out.$defs.intFilter.properties).toHaveProperty("eq");
    expect(out.$defs.where.properties).toHaveProperty("tenant_id");
  });

  it("names the first step a schema does not have", () => {
    expect(() => withoutPaths(list, ["where.nope"])).toThrow('has no argument "where.nope"');
    expect(() => withoutPaths(list, ["limit.x"])).toThrow(
      'has no argument "limit.x" (only object properties can be bound)',
    );
  });
});

describe("withValueAt", () => {
  it("sets a value at a path, copying the objects on the way and replacing what is not an object", () => {
    const args = { where: { total: { gt: 5 } }, limit: 2 };
    expect(withValueAt(args, ["where", "tenant_id", "eq"], 7)).toEqual({
      where: { total: { gt: 5 }, tenant_id: { eq: 7 } },
      limit: 2,
    });
    expect(args).toEqual({ where: { total: { gt: 5 } }, limit: 2 });
    expect(withValueAt({ where: "junk" }, ["where", "tenant_id"], 1)).toEqual({ where: { tenant_id: 1 } });
  });
});
