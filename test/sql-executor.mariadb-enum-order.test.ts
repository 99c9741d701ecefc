// Pages of a MariaDB table ordered by an ENUM or a SET column: MySQL sorts those by their members' places (a SET by
// its number), not by the alphabet, and a cursor's next page follows the same order (Gibbon's roles ordered by
// `category`, whose members are not in alphabetical order). Skipped with a message when no MariaDB listens (a
// failure under MCPSMITH_REQUIRE_SERVICES=1).
import type { Client } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { ok } from "./sql-executor.test-support.js";
import { liveMysql } from "./support/live-mysql.js";
import { MYSQL_URL, serviceAvailable } from "./support/services.js";

const available = await serviceAvailable("MariaDB", MYSQL_URL);

/** Every page of `list_role` in `order`, two rows a page, each row's id. */
async function pagedIds(client: Client, order: unknown[]): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await ok(client, "list_role", { order, limit: 2, ...(cursor && { cursor }) });
    ids.push(...(page.rows as { id: number }[]).map((row) => row.id));
    cursor = page.nextCursor as string | undefined;
  } while (cursor !== undefined);
  return ids;
}

describe.runIf(available)("ENUM and SET order on MariaDB", () => {
  const live = liveMysql("sqlrun_enum_order", [
    "CREATE TABLE sqlrun_enum_order.role (id INT PRIMARY KEY, " +
      "category ENUM('Staff','Student','Parent','Other') NOT NULL, " +
      "days SET('mon','tue','wed') NOT NULL, tier ENUM('b','a') NULL)",
    "INSERT INTO sqlrun_enum_order.role VALUES (1, 'Staff', 'wed', 'a'), (2, 'Student', 'mon', NULL), " +
      "(3, 'Parent', 'mon,tue', 'b'), (4, 'Other', '', 'a'), (5, 'Staff', 'tue', NULL), (6, 'Parent', 'mon,wed', 'b')",
  ]);

  it.each([
    ["category", "desc"],
    ["category", "asc"],
    ["days", "desc"],
    ["days", "asc"],
    ["tier", "desc"],
    ["tier", "asc"],
  ])("pages by %s %s in the order MySQL sorts it, each row once", async (column, direction) => {
    const expected = await live.direct(
      `SELECT id FROM sqlrun_enum_order.role ORDER BY ${column} ${direction.toUpperCase()}, id`,
    );
    expect(await pagedIds(live.client, [{ column, direction }])).toEqual(expected.map((row) => row.id));
  });
});
