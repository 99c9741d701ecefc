import { describe, expect, it } from "vitest";
import { parseDatabaseAddress, redactIn, redactUrl } from "./address.js";

describe("database addresses", () => {
  it("reads server URLs, SQLite files and DDL files", () => {
    expect(parseDatabaseAddress("postgresql://u:secret@db:5432/app")).toMatchObject({
      kind: "server",
      dialect: "postgres",
      label: "postgresql://u:***@db:5432/app",
    });
    expect(parseDatabaseAddress("mariadb://root@127.0.0.1/shop")).toMatchObject({ kind: "server", dialect: "mysql" });
    expect(parseDatabaseAddress("sqlite:data/app.db")).toEqual({
      kind: "sqlite-file",
      dialect: "sqlite",
      path: "data/app.db",
      label: "data/app.db",
    });
    expect(parseDatabaseAddress("chinook.sqlite")).toMatchObject({ kind: "sqlite-file", path: "chinook.sqlite" });
    expect(parseDatabaseAddress("schema.sql", "postgresql")).toMatchObject({ kind: "ddl", dialect: "postgres" });
    expect(parseDatabaseAddress("dump.sql", "mariadb")).toMatchObject({ kind: "ddl", dialect: "mysql" });
  });

  it("refuses what it cannot read, without echoing a password", () => {
    expect(() => parseDatabaseAddress("schema.sql")).toThrow(/needs a dialect/);
    expect(() => parseDatabaseAddress("schema.sql", "oracle")).toThrow(/expected one of postgres, mysql, sqlite/);
    expect(() => parseDatabaseAddress("mysql://u:hunter2@h/db", "postgres")).toThrow(/mysql URL but the dialect/);
    const error = (() => {
      try {
        parseDatabaseAddress("mssql://sa:hunter2@h/db");
      } catch (caught) {
        return caught as Error & { code: string };
      }
    })();
    expect(error?.code).toBe("E_DATABASE_ADDRESS");
    expect(error?.message).not.toContain("hunter2");
    expect(() => parseDatabaseAddress("notes.txt")).toThrow(/not a database source/);
  });

  it("redacts passwords in URLs, query parameters and drivers' messages", () => {
    expect(redactUrl("postgres://u:p%40ss@h/db?sslpassword=x&application_name=a")).toBe(
      "postgres://u:***@h/db?sslpassword=***&application_name=a",
    );
    expect(redactUrl("postgres://u:p@ss@h/db")).not.toContain("p@ss");
    expect(redactIn('password authentication failed for "u" (p@ss)', "postgres://u:p%40ss@h/db")).toBe(
      'password authentication failed for "u" (***)',
    );
  });
});
