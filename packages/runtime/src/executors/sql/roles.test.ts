import { describe, expect, it } from "vitest";
import { SHOP } from "./fixtures.test-support.js";
import { leastPrivilegeScript } from "./roles.js";

describe("leastPrivilegeScript", () => {
  it("grants SELECT on every table and view served, and writes only when asked, on keyed tables", () => {
    const reads = leastPrivilegeScript(SHOP, { role: "mcp_reader" });
    expect(reads).toContain('GRANT SELECT ON "public"."paid_orders" TO "mcp_reader";');
    expect(reads).toContain('ALTER ROLE "mcp_reader" SET default_transaction_read_only = on;');
    expect(reads).not.toMatch(/INSERT/);
    const writes = leastPrivilegeScript(SHOP, { role: "mcp_writer", writes: true });
    expect(writes).toContain('GRANT INSERT, UPDATE, DELETE ON "public"."orders" TO "mcp_writer";');
    expect(writes).not.toContain('UPDATE, DELETE ON "public"."paid_orders"');
  });

  it("writes MySQL accounts and quotes names with backticks", () => {
    const script = leastPrivilegeScript({ ...SHOP, dialect: "mysql" }, { role: "mcp", host: "localhost" });
    expect(script).toContain("CREATE USER 'mcp'@'localhost' IDENTIFIED BY 'change-me';");
    expect(script).toContain("GRANT SELECT ON `public`.`orders` TO 'mcp'@'localhost';");
  });

  it("refuses role names that would need quoting, and SQLite", () => {
    expect(() => leastPrivilegeScript(SHOP, { role: "x'; DROP" })).toThrow(/letters, digits/);
    expect(() => leastPrivilegeScript({ ...SHOP, dialect: "sqlite" }, { role: "x" })).toThrow(/no roles/);
  });
});
