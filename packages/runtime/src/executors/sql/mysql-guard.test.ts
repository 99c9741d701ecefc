import { describe, expect, it } from "vitest";
import { checkMysqlReadOnly } from "./mysql-guard.js";

describe("checkMysqlReadOnly", () => {
  it("accepts one SELECT, with CTEs and unions", async () => {
    await expect(
      checkMysqlReadOnly("WITH a AS (SELECT 1 AS x) SELECT x FROM a UNION ALL SELECT 2"),
    ).resolves.toBeUndefined();
    await expect(checkMysqlReadOnly("SELECT 'it''s', \"a\\\"b\" FROM t WHERE c = 1;")).resolves.toBeUndefined();
    // One literal: MySQL reads \' as a quote, so the DELETE is text.
    await expect(checkMysqlReadOnly("SELECT 'a\\'; DELETE FROM t; -- '")).resolves.toBeUndefined();
  });

  it.each([
    ["SELECT 1; DELETE FROM t", /one statement/],
    ["DELETE FROM t", /reads only/],
    ["/* SELECT */ TRUNCATE t", /reads only/],
    ["SELECT 1 /*! , SLEEP(10) */", /executable comments/],
    ["SELECT /*+ SET_VAR(sql_mode='') */ 1", /optimizer hints/],
    ["SELECT 1 INTO @a", /INTO/],
    ["SELECT * FROM t INTO OUTFILE '/tmp/x'", /OUTFILE/],
    ["SELECT @a := 1", /assignments/],
    ["SELECT LOAD_FILE('/etc/passwd')", /read files/],
    ["SELECT * FROM t FOR UPDATE", /locking reads/],
    ["SELECT * FROM t LOCK IN SHARE MODE", /locking reads/],
  ])("refuses %s", async (sql, reason) => {
    await expect(checkMysqlReadOnly(sql)).rejects.toThrow(reason);
  });
});
