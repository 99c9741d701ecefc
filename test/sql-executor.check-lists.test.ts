// A text column whose CHECK constraint lists its values (Memos' `row_status`), read from an SQLite file and served
// through the official MCP client: the tools list the values as an enum, a write of another value is refused naming
// the field before the database sees it, and rows and filters answer as before.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDatabaseIR } from "../packages/codegen/dist/pipelines/database.js";
import { createSqlExecutor, type SqlExecutor } from "../packages/runtime/dist/executors/sql/index.js";
import { bindingsOf, call, ok, sqlServer } from "./sql-executor.test-support.js";
import { createTestClient } from "./support/runtime.js";
import { openPlainSqlite, type PlainSqlite } from "./support/sqlite-engines.js";

describe("CHECK lists on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "sqlrun-checks-"));
  const file = join(dir, "memos.sqlite");
  let direct: PlainSqlite;
  let executor: SqlExecutor;
  let client: Client;

  beforeAll(async () => {
    direct = openPlainSqlite(file);
    direct
      .prepare(
        "CREATE TABLE memo (id INTEGER PRIMARY KEY, content TEXT NOT NULL, " +
          "row_status TEXT NOT NULL CHECK (row_status IN ('NORMAL', 'ARCHIVED')) DEFAULT 'NORMAL', visibility TEXT, " +
          "CONSTRAINT seen CHECK (visibility IN ('PUBLIC', 'PRIVATE')))",
      )
      .run();
    direct
      .prepare(
        "INSERT INTO memo (content, row_status, visibility) VALUES ('a', 'ARCHIVED', NULL), ('b', 'NORMAL', 'PUBLIC')",
      )
      .run();
    const { database } = await loadDatabaseIR(`sqlite:${file}`, {});
    executor = createSqlExecutor(database, { connection: `sqlite:${file}`, writes: true });
    client = await createTestClient(sqlServer(database, executor, bindingsOf(database, true)));
  });

  afterAll(async () => {
    await client?.close();
    await executor?.close();
    direct?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists the checked values as the column's enum, in arguments and answers", async () => {
    const { tools } = await client.listTools();
    const insert = tools.find((tool) => tool.name === "insert_memo")!;
    const fields = insert.inputSchema.properties as Record<string, { enum?: unknown[] }>;
    expect(fields.row_status!.enum).toEqual(["NORMAL", "ARCHIVED"]);
    expect(fields.visibility!.enum).toEqual(["PUBLIC", "PRIVATE", null]);
    const page = await ok(client, "list_memo", { where: { row_status: { eq: "ARCHIVED" } } });
    expect(page.rows).toEqual([{ id: 1, content: "a", row_status: "ARCHIVED", visibility: null }]);
    const starting = await ok(client, "list_memo", { where: { row_status: { like: "NOR%" } } });
    expect((starting.rows as { id: number }[]).map((row) => row.id)).toEqual([2]);
  });

  it("refuses another value naming the field, and writes a listed one", async () => {
    const refused = await call(client, "insert_memo", { content: "c", row_status: "DELETED" });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/row_status/);
    expect(direct.prepare("SELECT count(*) AS n FROM memo").get()).toEqual({ n: 2 });
    await ok(client, "insert_memo", { content: "c", row_status: "ARCHIVED", visibility: "PRIVATE" });
    expect(direct.prepare("SELECT row_status, visibility FROM memo WHERE content = 'c'").get()).toEqual({
      row_status: "ARCHIVED",
      visibility: "PRIVATE",
    });
  });
});
