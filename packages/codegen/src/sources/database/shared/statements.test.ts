import { describe, expect, it } from "vitest";
import { splitScript } from "./statements.js";

describe("splitting an SQL script", () => {
  it("keeps semicolons inside strings, identifiers, comments and dollar quotes, and counts lines", () => {
    const script = [
      "-- a comment; not a statement",
      "CREATE TABLE \"a;b\" (x text DEFAULT 'it''s; fine');",
      "/* outer /* nested; */ still comment; */",
      "CREATE FUNCTION f() RETURNS int AS $body$ SELECT 1; $body$ LANGUAGE sql;",
      "SELECT E'\\'';",
    ].join("\n");
    const { statements } = splitScript(script, "postgres");
    expect(statements.map((s) => s.line)).toEqual([2, 4, 5]);
    expect(statements[0]?.sql).toBe("CREATE TABLE \"a;b\" (x text DEFAULT 'it''s; fine')");
    expect(statements[1]?.sql).toContain("$body$ SELECT 1; $body$");
  });

  it("sets psql meta-commands apart and skips COPY data up to \\.", () => {
    const script = "\\connect app\nCOPY t (a) FROM stdin;\n1;x\n2;y\n\\.\nCREATE TABLE t2 (a int);\n";
    const split = splitScript(script, "postgres");
    expect(split.clientCommands).toEqual([{ command: "\\connect", line: 1 }]);
    expect(split.copyDataLines).toBe(2);
    expect(split.statements.map((s) => [s.line, s.sql])).toEqual([
      [2, "COPY t (a) FROM stdin"],
      [6, "CREATE TABLE t2 (a int)"],
    ]);
  });

  it("obeys the mysql client's DELIMITER and MySQL's quoting", () => {
    const script = [
      "CREATE TABLE `x;y` (c varchar(3) DEFAULT 'a\\';b'); # a comment;",
      "DELIMITER ;;",
      "CREATE TRIGGER t AFTER INSERT ON a FOR EACH ROW BEGIN INSERT INTO b VALUES (1); END;;",
      "DELIMITER ;",
      "SELECT 1;",
    ].join("\n");
    const split = splitScript(script, "mysql");
    expect(split.statements.map((s) => s.line)).toEqual([1, 3, 5]);
    expect(split.statements[1]?.sql).toBe(
      "CREATE TRIGGER t AFTER INSERT ON a FOR EACH ROW BEGIN INSERT INTO b VALUES (1); END",
    );
  });

  it("reads SQLite's [bracketed] identifiers", () => {
    const split = splitScript("CREATE TABLE [a;b] ([c;d] INTEGER);\nSELECT 1;", "sqlite");
    expect(split.statements.map((s) => s.sql)).toEqual(["CREATE TABLE [a;b] ([c;d] INTEGER)", "SELECT 1"]);
  });
});
