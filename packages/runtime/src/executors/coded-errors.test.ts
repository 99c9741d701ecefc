import { describe, expect, it } from "vitest";
import { McpsmithError } from "../errors.js";
import { sourceLinesMatching } from "../sources.test-support.js";
import { createHttpExecutor } from "./http/executor.js";
import { ForwardCredentialsError } from "./http/forward.js";
import { createSqlExecutor } from "./sql/executor.js";
import { SHOP } from "./sql/fixtures.test-support.js";
import { sqlToolSchema } from "./sql/index.js";
import { leastPrivilegeScript } from "./sql/roles.js";

const coded = (code: string) => expect.objectContaining({ code });

describe("the executors' errors", () => {
  it("are coded (errors.ts), never a plain TypeError or RangeError", () => {
    const plain = sourceLinesMatching(/new (TypeError|RangeError)\(/, "executors");
    expect(plain).toEqual([]);
  });

  it("refuse options they cannot use with E_EXECUTOR_OPTIONS", () => {
    const api = { servers: [{ url: "http://127.0.0.1:9" }], securitySchemes: {} };
    expect(() => createHttpExecutor(api, { timeoutMs: 0 })).toThrow(coded("E_EXECUTOR_OPTIONS"));
    const forwarding = () => createHttpExecutor(api, { env: {}, forwardCredentials: { schemes: { nope: true } } });
    expect(forwarding).toThrow(ForwardCredentialsError);
    expect(forwarding).toThrow(McpsmithError);
    expect(forwarding).toThrow(coded("E_EXECUTOR_OPTIONS"));
    expect(() => createSqlExecutor(SHOP, { connection: "mysql://localhost/shop" })).toThrow(
      coded("E_EXECUTOR_OPTIONS"),
    );
    expect(() => createSqlExecutor(SHOP, { connection: "postgres://localhost/shop", maxRows: 0 })).toThrow(
      coded("E_EXECUTOR_OPTIONS"),
    );
    expect(() => leastPrivilegeScript(SHOP, { role: "x'; DROP" })).toThrow(coded("E_EXECUTOR_OPTIONS"));
    const sqlite = { ...SHOP, dialect: "sqlite" as const };
    expect(() => createSqlExecutor(sqlite, { connection: "shop.sqlite", sqliteDriver: "sqlite4" as never })).toThrow(
      coded("E_EXECUTOR_OPTIONS"),
    );
  });

  it("refuse a binding that names what is not there with E_BINDING_INVALID", () => {
    expect(() => sqlToolSchema({ kind: "list", table: { name: "ghost" } }, SHOP)).toThrow(coded("E_BINDING_INVALID"));
    expect(() => sqlToolSchema({ kind: "truncate" } as never, SHOP)).toThrow(coded("E_BINDING_INVALID"));
  });
});
