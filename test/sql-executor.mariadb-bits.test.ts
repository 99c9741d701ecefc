// BIT columns on MariaDB, through list_, get_, insert_ and update_: BIT(1) (and BIT alone, which is BIT(1)) is read
// as a boolean, filtered and written as one (Apollo's `IsEnabled bit(1)` flags); a wider BIT as its bytes, base64,
// and found by them.
// Skipped with a message when no MariaDB listens (a failure under MCPSMITH_REQUIRE_SERVICES=1).
import { describe, expect, it } from "vitest";
import { ok } from "./sql-executor.test-support.js";
import { liveMysql } from "./support/live-mysql.js";
import { MYSQL_URL, serviceAvailable } from "./support/services.js";

const available = await serviceAvailable("MariaDB", MYSQL_URL);

describe.runIf(available)("BIT columns on MariaDB", () => {
  const live = liveMysql(
    "sqlrun_bits",
    [
      "CREATE TABLE sqlrun_bits.flagged (id INT PRIMARY KEY, enabled BIT(1) NOT NULL DEFAULT b'0', bare BIT NULL, mask BIT(8) NULL)",
      "INSERT INTO sqlrun_bits.flagged VALUES (1, b'1', b'0', b'10101010'), (2, b'0', NULL, NULL)",
    ],
    { writes: true },
  );

  it("lists BIT(1) as booleans in the tools' schemas and answers, and a wider BIT as base64", async () => {
    const { tools } = await live.client.listTools();
    const insert = tools.find((tool) => tool.name === "insert_flagged")!;
    const row = insert.inputSchema.properties as Record<string, { type: unknown }>;
    expect([row.enabled!.type, row.bare!.type, row.mask!.type]).toEqual([
      "boolean",
      ["boolean", "null"],
      ["string", "null"],
    ]);
    const page = await ok(live.client, "list_flagged", { order: [{ column: "id", direction: "asc" }] });
    expect(page.rows).toEqual([
      { id: 1, enabled: true, bare: false, mask: Buffer.from([0b10101010]).toString("base64") },
      { id: 2, enabled: false, bare: null, mask: null },
    ]);
    expect(await ok(live.client, "get_flagged", { id: 2 })).toMatchObject({ enabled: false });
  });

  it("finds a wider BIT by its bytes, as it reads them (Jorani's permission masks)", async () => {
    const mask = Buffer.from([0b10101010]).toString("base64");
    const found = await ok(live.client, "list_flagged", { where: { mask: { eq: mask } } });
    expect((found.rows as { id: number }[]).map((r) => r.id)).toEqual([1]);
    const listed = await ok(live.client, "list_flagged", { where: { mask: { in: [mask, "AA=="] } } });
    expect((listed.rows as { id: number }[]).map((r) => r.id)).toEqual([1]);
    const others = await ok(live.client, "list_flagged", { where: { mask: { neq: mask } } });
    expect(others.rows).toEqual([]);
  });

  it("filters, inserts and updates a BIT(1) with true and false", async () => {
    const on = await ok(live.client, "list_flagged", { where: { enabled: { eq: true } } });
    expect((on.rows as { id: number }[]).map((r) => r.id)).toEqual([1]);
    await ok(live.client, "insert_flagged", { id: 3, enabled: true, bare: true });
    await ok(live.client, "update_flagged", { key: { id: 1 }, set: { enabled: false } });
    const stored = await live.direct(
      "SELECT id, enabled + 0 AS enabled, bare + 0 AS bare FROM sqlrun_bits.flagged ORDER BY id",
    );
    expect(stored.map((r) => [r.id, Number(r.enabled), r.bare === null ? null : Number(r.bare)])).toEqual([
      [1, 0, 0],
      [2, 0, null],
      [3, 1, 1],
    ]);
  });
});
