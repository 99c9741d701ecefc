import { describe, expect, it } from "vitest";
import type { Context } from "../model/context.js";
import type { ToolModel } from "../model/types.js";
import { operationOf } from "./model.js";

const admin: ToolModel = {
  name: "drop_cache",
  description: "Drop the cache",
  input: { type: "object", properties: { region: { type: "string" } } },
  scopes: ["admin"],
  handler: ((args: object) => ({ dropped: args })) as ToolModel["handler"],
};

const ctx = (scopes: string[] | undefined) => ({ auth: scopes && { scopes, claims: {} } }) as unknown as Context;

describe("operationOf", () => {
  it("keeps the tool's JSON Schema, hints and description for search and describe", () => {
    const operation = operationOf(admin, { group: "ops", keywords: ["DELETE /cache"] });
    expect(operation).toMatchObject({
      name: "drop_cache",
      description: "Drop the cache",
      group: "ops",
      keywords: ["DELETE /cache"],
      inputSchema: admin.input,
    });
  });

  it("checks the tool's scopes against the caller's, as its own tool would (none checked without authentication)", async () => {
    const operation = operationOf(admin);
    await expect(operation.handler({ region: "eu" }, ctx(["admin:all", "admin"]))).resolves.toEqual({
      dropped: { region: "eu" },
    });
    await expect(operation.handler({}, ctx(["read"]))).rejects.toThrow(
      'Operation "drop_cache" needs the scopes admin, which your credential lacks.',
    );
    await expect(operation.handler({}, ctx(undefined))).resolves.toEqual({ dropped: {} });
  });
});
