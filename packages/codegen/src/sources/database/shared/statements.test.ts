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

  it("keeps a SQLite trigger's body whole, up to `; END;` (calibre's triggers, with a CASE's END), as sqlite3_complete does", () => {
    const script = [
      "CREATE TABLE books (id INTEGER PRIMARY KEY);",
      "CREATE TRIGGER books_insert AFTER INSERT ON books FOR EACH ROW",
      "BEGIN",
      "    INSERT INTO pages(book) VALUES(NEW.id);",
      "    UPDATE books SET title = 'the end; or not' WHERE id = NEW.id; -- end;",
      "    SELECT CASE WHEN NEW.id < 0 THEN RAISE(ABORT, 'negative') END;",
      "END;",
      "create temp trigger t2 before delete on books begin select raise(abort, 'no'); end ;",
      "CREATE INDEX pages_book ON pages (book);",
    ].join("\n");
    const lastLines = (dialect: "sqlite" | "postgres") =>
      splitScript(script, dialect).statements.map((s) => [s.line, s.sql.split("\n").at(-1)]);
    expect(lastLines("sqlite")).toEqual([
      [1, "CREATE TABLE books (id INTEGER PRIMARY KEY)"],
      [2, "END"],
      [8, "create temp trigger t2 before delete on books begin select raise(abort, 'no'); end"],
      [9, "CREATE INDEX pages_book ON pages (book)"],
    ]);
    // PostgreSQL has no such body: its semicolons end statements there.
    expect(lastLines("postgres")).toHaveLength(8);
  });

  it("keeps what psql keeps whole: a rule's actions in parentheses and a BEGIN ATOMIC body", () => {
    const script = [
      "CREATE RULE log AS ON INSERT TO t DO ALSO (INSERT INTO a VALUES (1); INSERT INTO b VALUES (2));",
      "CREATE OR REPLACE FUNCTION f(x int) RETURNS int LANGUAGE sql",
      "BEGIN ATOMIC",
      "  SELECT CASE WHEN x > 0 THEN 1 ELSE 0 END;",
      "  SELECT 2;",
      "END;",
      "CREATE PROCEDURE p() BEGIN ATOMIC INSERT INTO a VALUES (3); END;",
      "SELECT 'begin';",
    ].join("\n");
    const lastLines = (dialect: "sqlite" | "postgres") =>
      splitScript(script, dialect).statements.map((s) => [s.line, s.sql.split("\n").at(-1)]);
    expect(lastLines("postgres")).toEqual([
      [1, "CREATE RULE log AS ON INSERT TO t DO ALSO (INSERT INTO a VALUES (1); INSERT INTO b VALUES (2))"],
      [2, "END"],
      [7, "CREATE PROCEDURE p() BEGIN ATOMIC INSERT INTO a VALUES (3); END"],
      [8, "SELECT 'begin'"],
    ]);
  });
});
