// Pages of a MariaDB table ordered by a long text column: ORDER BY compares only a string's first max_sort_length
// bytes (1,024 by default) and a cursor's `<` the whole string, so texts alike at first (CRMEB's product attributes,
// JSON) sorted in one order and paged in another, repeating and losing rows. Skipped with a message when no MariaDB
// listens (a failure under MCPSMITH_REQUIRE_SERVICES=1).
import { describe, expect, it } from "vitest";
import { ok } from "./sql-executor.test-support.js";
import { liveMysql } from "./support/live-mysql.js";
import { MYSQL_URL, serviceAvailable } from "./support/services.js";

const available = await serviceAvailable("MariaDB", MYSQL_URL);

/** Texts alike for their first 1,100 characters, told apart after. */
const PREFIX = "x".repeat(1_100);
const ENDINGS = ["c", "a", "e", "b", "d"];

describe.runIf(available)("long texts in order on MariaDB", () => {
  const rows = ENDINGS.map((ending, index) => `(${index + 1}, '${PREFIX}${ending}')`).join(", ");
  const live = liveMysql("sqlrun_long_sort", [
    "CREATE TABLE sqlrun_long_sort.attr (id INT PRIMARY KEY, result TEXT NOT NULL)",
    `INSERT INTO sqlrun_long_sort.attr VALUES ${rows}`,
  ]);

  it.each(["asc", "desc"])("pages by the whole text, %s, each row once", async (direction) => {
    const ids: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await ok(live.client, "list_attr", {
        order: [{ column: "result", direction }],
        select: ["id"],
        limit: 2,
        ...(cursor && { cursor }),
      });
      ids.push(...(page.rows as { id: number }[]).map((row) => row.id));
      cursor = page.nextCursor as string | undefined;
    } while (cursor !== undefined);
    const byEnding = ENDINGS.map((ending, index) => ({ ending, id: index + 1 })).sort((a, b) =>
      a.ending.localeCompare(b.ending),
    );
    const expected = byEnding.map((row) => row.id);
    expect(ids).toEqual(direction === "asc" ? expected : expected.reverse());
  });
});
