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

  it("under a custom DELIMITER, ends an ordinary statement at its semicolon, as the server reads what the client sends", () => {
    // Cacti's script sets `DELIMITER //` at the top and never uses it.
    const script = [
      "DELIMITER //",
      'SET @sqlmode = "";',
      "SET SESSION sql_mode = @sqlmode;",
      "CREATE TABLE `host` (id int, event varchar(9), `function` int);",
      "CREATE DEFINER=`root`@`localhost` PROCEDURE p() BEGIN SELECT 1; SELECT 2; END //",
      "CREATE DEFINER = CURRENT_USER FUNCTION f() RETURNS int BEGIN RETURN 1; END//",
      "outer: BEGIN NOT ATOMIC SELECT 1; END //",
      "/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`%`*/ /*!50003 TRIGGER t AFTER INSERT ON a FOR EACH ROW BEGIN SET @x = 1; END */ //",
      "DELIMITER ;",
      "SELECT 3;",
    ].join("\n");
    expect(splitScript(script, "mysql").statements.map((s) => [s.line, s.sql.slice(0, 32)])).toEqual([
      [2, 'SET @sqlmode = ""'],
      [3, "SET SESSION sql_mode = @sqlmode"],
      [4, "CREATE TABLE `host` (id int, eve"],
      [5, "CREATE DEFINER=`root`@`localhost"],
      [6, "CREATE DEFINER = CURRENT_USER FU"],
      [7, "outer: BEGIN NOT ATOMIC SELECT 1"],
      [8, "/*!50003 CREATE*/ /*!50017 DEFIN"],
      [10, "SELECT 3"],
    ]);
    // A routine's body keeps its semicolons; PostgreSQL has no DELIMITER.
    expect(splitScript(script, "mysql").statements[3]!.sql).toBe(
      "CREATE DEFINER=`root`@`localhost` PROCEDURE p() BEGIN SELECT 1; SELECT 2; END",
    );
  });

  it("reads SQLite's [bracketed] identifiers", () => {
    const split = splitScript("CREATE TABLE [a;b] ([c;d] INTEGER);\nSELECT 1;", "sqlite");
    expect(split.statements.map((s) => s.sql)).toEqual(["CREATE TABLE [a;b] ([c;d] INTEGER)", "SELECT 1"]);
  });
});
