import { describe, expect, it } from "vitest";
import { checkReadOnlySql } from "./read-guard.js";

describe("checkReadOnlySql (PostgreSQL)", () => {
  const accepts = (sql: string) => checkReadOnlySql(sql, "postgres");

  it("accepts reads and drops a trailing semicolon, comments and literals understood", () => {
    expect(accepts("SELECT 1;")).toBe("SELECT 1");
    expect(accepts("/* a /* nested */ comment; */ SELECT ';' -- ;\n")).toContain("SELECT ';'");
    expect(accepts("SELECT E'\\';' AS a, $x$ ; $x$, 'it''s' ;")).toBe("SELECT E'\\';' AS a, $x$ ; $x$, 'it''s' ");
    expect(accepts("WITH t AS (SELECT 1) SELECT * FROM t")).toMatch(/^WITH/);
    expect(accepts("SELECT 'pg_read_file(x)', 'copy', \"into\" FROM t")).toMatch(/^SELECT/);
    // One literal: E'' reads \' as a quote, so the DELETE is text.
    expect(accepts("SELECT E'\\'; DELETE FROM t; --'")).toMatch(/^SELECT/);
    expect(accepts("SELECT .5 + 1e3, s.x FROM s")).toMatch(/^SELECT/);
  });

  it.each([
    ["SELECT 1; DELETE FROM t", /one statement/],
    ["SELECT $$;$$; DELETE FROM t", /one statement/],
    ["/* SELECT */ DELETE FROM t", /reads only/],
    ["-- SELECT\nUPDATE t SET a = 1", /reads only/],
    ["SELECT * INTO t2 FROM t", /INTO/],
    ["WITH d AS (DELETE FROM t RETURNING *) SELECT 1", /DELETE/],
    ["SELECT 1 FROM t FOR UPDATE", /UPDATE/],
    ["SELECT pg_catalog.set_config('a', 'b', false)", /set_config/],
    ["SELECT \"pg_read_file\"('/etc/passwd')", /pg_read_file/],
    ["SELECT U&\"set\\0063onfig\"('a','b',false)", /U&/],
    ["SELECT lo_import('/etc/passwd')", /lo_import/],
    ["SELECT dblink_exec('x', 'y')", /dblink_exec/],
    ["SELECT pg_advisory_lock(1)", /pg_advisory_lock/],
    ["SELECT 1 /* unterminated", /unterminated comment/],
  ])("refuses %s", (sql, reason) => {
    expect(() => accepts(sql)).toThrow(reason);
  });
});

describe("checkReadOnlySql (SQLite)", () => {
  it.each([
    ["ATTACH DATABASE 'x.db' AS x", /reads only/],
    ["SELECT 1; ATTACH 'x' AS y", /one statement/],
    ["SELECT load_extension('x')", /load_extension/],
    [
      "WITH x AS (SELECT 1) SELECT * FROM x WHERE 1 IN (SELECT 1 FROM pragma_table_info('t')) AND 0; PRAGMA a=1",
      /one statement/,
    ],
    ["SELECT [a;b] FROM t; DELETE FROM t", /one statement/],
  ])("refuses %s", (sql, reason) => {
    expect(() => checkReadOnlySql(sql, "sqlite")).toThrow(reason);
  });

  it("reads bracketed and backquoted names as names", () => {
    expect(checkReadOnlySql("SELECT [a;b], `c;d` FROM t", "sqlite")).toBe("SELECT [a;b], `c;d` FROM t");
  });
});
