import { corpusFile } from "@mcpsmith/corpus";
import type { SqlTable } from "@mcpsmith/runtime/sql";
import { describe, expect, it } from "vitest";
import { toolListingOf } from "../../../serve/listing.js";
import type { DatabaseReading } from "../reading.js";
import { loadDatabase } from "../source.js";
import { lowerDatabase } from "./lower.js";

const chinook = () => loadDatabase(corpusFile("sql/chinook.sqlite"));
const sakila = () => loadDatabase(corpusFile("sql/sakila-postgres-schema.sql"), { dialect: "postgres" });

describe("lowerDatabase", () => {
  it("gives every table list_, keyed tables get_, and query and describe, in table order", async () => {
    const ir = lowerDatabase(await chinook());
    expect(ir.listing).toBe("tables");
    const names = ir.tools.map((tool) => tool.name);
    for (const table of ir.database.tables) {
      expect(names).toContain(`list_${table.name}`);
      expect(names.includes(`get_${table.name}`)).toBe(table.primaryKey !== undefined);
    }
    expect(names.slice(-2)).toEqual(["query", "describe"]);
    expect(names.some((name) => /^(insert|update|delete)_/.test(name))).toBe(false);
    const album = ir.tools.find((tool) => tool.name === "get_Album")!;
    expect(album.binding).toMatchObject({ kind: "get", embed: [{ property: "Artist", cardinality: "one" }] });
    expect(album.annotations.readOnlyHint).toBe(true);
    expect(album.group).toBe("main");
    expect(ir.resources.map((r) => r.uri)).toContain("db://main/Album");
    expect(ir.credentials).toEqual([expect.objectContaining({ env: "DATABASE_URL" })]);
  });

  it("adds writes for the tables the globs name, annotated destructive where they replace rows", async () => {
    const ir = lowerDatabase(await chinook(), { writes: ["Artist", "Genre"] });
    const writes = ir.tools.filter((tool) => /^(insert|update|delete)_/.test(tool.name)).map((tool) => tool.name);
    expect(writes).toEqual([
      "insert_Artist",
      "update_Artist",
      "delete_Artist",
      "insert_Genre",
      "update_Genre",
      "delete_Genre",
    ]);
    const remove = ir.tools.find((tool) => tool.name === "delete_Artist")!;
    expect(remove.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it("refuses writes on views and keyless tables with a warning", async () => {
    const reading = await chinook();
    const view: SqlTable = { ...reading.database.tables[0]!, name: "AlbumView", kind: "view", foreignKeys: [] };
    const ir = lowerDatabase({ ...reading, database: { ...reading.database, tables: [view] } }, { writes: true });
    expect(ir.tools.map((tool) => tool.name)).toEqual(["list_AlbumView", "get_AlbumView", "query", "describe"]);
    expect(ir.warnings.map((w) => w.message)).toEqual(["writes: a view, so no writes"]);
  });

  it("qualifies names by schema when several schemas hold tables, and groups by schema", async () => {
    const reading: DatabaseReading = await chinook();
    const tables = reading.database.tables.slice(0, 2);
    const twoSchemas = {
      ...reading,
      database: {
        ...reading.database,
        tables: [
          { ...tables[0]!, schema: "sales", foreignKeys: [] },
          { ...tables[0]!, schema: "music", foreignKeys: [] },
        ],
      },
    };
    const ir = lowerDatabase(twoSchemas);
    const name = tables[0]!.name;
    expect(ir.tools.map((tool) => `${tool.group}:${tool.name}`)).toEqual([
      `sales:list_sales_${name}`,
      `sales:get_sales_${name}`,
      `music:list_music_${name}`,
      `music:get_music_${name}`,
      `${reading.database.name}:query`,
      `${reading.database.name}:describe`,
    ]);
  });

  it("stands the constant set in above the threshold, under 2,000 tokens of tools/list", async () => {
    const reading = await sakila();
    const ir = lowerDatabase(reading);
    expect(ir.listing).toBe("many-tables");
    expect(ir.tools.map((tool) => tool.name)).toEqual(["find_tables", "describe", "list_rows", "query"]);
    const listing = toolListingOf(ir.tools, { mode: "tools" });
    expect(listing.toolListTokens).toBeLessThan(2_000);
    expect(lowerDatabase(reading, { mode: "tools" }).tools.length).toBeGreaterThan(40);
    expect(lowerDatabase(await chinook(), { mode: "discovery" }).listing).toBe("many-tables");
    // Sakila's DDL is read by PGlite, whose start-up (initdb in WebAssembly) takes 15-25 s on a busy machine.
  }, 180_000);

  it("is deterministic", async () => {
    expect(JSON.stringify(lowerDatabase(await chinook()))).toBe(JSON.stringify(lowerDatabase(await chinook())));
  });
});
