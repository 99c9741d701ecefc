// Spatial columns on MariaDB, read from a live server: a POINT, a POLYGON and a GEOMETRY column are read as WKT, found
// by their WKT, and written from it (the driver would hand them over as objects that cannot tell a line from a set of
// points, and a string compared with a geometry column matches nothing). Skipped with a message when no MariaDB
// listens (a failure under MCPSMITH_REQUIRE_SERVICES=1).
import { describe, expect, it } from "vitest";
import { call, ok } from "./sql-executor.test-support.js";
import { liveMysql } from "./support/live-mysql.js";
import { MYSQL_URL, serviceAvailable } from "./support/services.js";

const available = await serviceAvailable("MariaDB", MYSQL_URL);

describe.runIf(available)("spatial columns on MariaDB", () => {
  const live = liveMysql(
    "sqlrun_spatial",
    [
      "CREATE TABLE sqlrun_spatial.place (id INT PRIMARY KEY, at POINT NOT NULL, area POLYGON NULL, shape GEOMETRY NULL)",
      "INSERT INTO sqlrun_spatial.place VALUES " +
        "(1, ST_GeomFromText('POINT(1 2)'), ST_GeomFromText('POLYGON((0 0,4 0,4 4,0 0))'), ST_GeomFromText('LINESTRING(0 0,1 1)')), " +
        "(2, ST_GeomFromText('POINT(2.5 -3)'), NULL, ST_GeomFromText('MULTIPOINT(0 0,1 1)'))",
    ],
    { writes: true },
  );

  it("types the columns as WKT text, filtered by eq and neq only and never ordered by", async () => {
    const { tools } = await live.client.listTools();
    const list = tools.find((tool) => tool.name === "list_place")!;
    const properties = list.outputSchema!.properties as Record<
      string,
      { items: { properties: Record<string, unknown> } }
    >;
    const row = properties.rows!.items;
    expect(row.properties.at).toEqual({ type: "string", description: expect.stringMatching(/^a POINT as WKT/) });
    const defs = list.inputSchema.$defs as Record<string, { properties: object }>;
    expect(Object.keys(defs.geometryFilter!.properties)).toEqual(["eq", "neq"]);
    const refused = await call(live.client, "list_place", { order: [{ column: "at", direction: "asc" }] });
    expect(refused.isError).toBe(true);
  });

  it("reads each shape as its WKT, and finds a row by it", async () => {
    const page = await ok(live.client, "list_place", {});
    expect(page.rows).toEqual([
      { id: 1, at: "POINT(1 2)", area: "POLYGON((0 0,4 0,4 4,0 0))", shape: "LINESTRING(0 0,1 1)" },
      { id: 2, at: "POINT(2.5 -3)", area: null, shape: "MULTIPOINT(0 0,1 1)" },
    ]);
    const found = await ok(live.client, "list_place", { where: { shape: { eq: "MULTIPOINT(0 0,1 1)" } } });
    expect((found.rows as { id: number }[]).map((r) => r.id)).toEqual([2]);
    const others = await ok(live.client, "list_place", { where: { at: { neq: "POINT(1 2)" } } });
    expect((others.rows as { id: number }[]).map((r) => r.id)).toEqual([2]);
    expect(await ok(live.client, "get_place", { id: 1 })).toMatchObject({ at: "POINT(1 2)" });
  });

  it("writes a shape from its WKT, and refuses what is not text", async () => {
    const [inserted] = (
      await ok(live.client, "insert_place", { id: 3, at: "POINT(7 8)", shape: "POLYGON((0 0,1 0,1 1,0 0))" })
    ).rows as Record<string, unknown>[];
    expect(inserted).toEqual({ id: 3, at: "POINT(7 8)", area: null, shape: "POLYGON((0 0,1 0,1 1,0 0))" });
    await ok(live.client, "update_place", { key: { id: 3 }, set: { at: "POINT(9 9)" } });
    expect(
      await live.direct("SELECT ST_AsText(at) AS at, ST_AsText(shape) AS shape FROM sqlrun_spatial.place WHERE id = 3"),
    ).toEqual([{ at: "POINT(9 9)", shape: "POLYGON((0 0,1 0,1 1,0 0))" }]);
    const refused = await call(live.client, "update_place", { key: { id: 3 }, set: { at: { x: 1, y: 2 } } });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/at/);
  });
});
