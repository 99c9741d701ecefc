// Which SQLite engine runs a database: better-sqlite3 where it loads, else node:sqlite where this Node has it, else
// an error that says which of the two to get. "Without better-sqlite3" is the runtime as published, copied where no
// node_modules folder is reachable: what a user has when its native build failed or was never installed.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { corpusFile } from "@mcpsmith/corpus";
import { afterAll, describe, expect, it } from "vitest";
import { loadSqliteEngine } from "../packages/runtime/dist/internal.js";
import { CHINOOK } from "./sql-executor.chinook.test-support.js";
import { ROOT } from "./support/servers.js";
import { SQLITE_DRIVERS } from "./support/sqlite-engines.js";

const dir = mkdtempSync(join(tmpdir(), "sqlrun-engines-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Whether this Node has node:sqlite as the executor needs it. */
const nodeHasSqlite = SQLITE_DRIVERS.includes("node:sqlite");
const AHEAD =
  /better-sqlite3 package \(npm install better-sqlite3\), which (is not installed|did not load), or Node\.js 22\.16 or later/;

async function runtimeWithoutBetterSqlite3(): Promise<
  typeof import("../packages/runtime/dist/executors/sql/index.js")
> {
  // The package as installed, but for its dependencies: its package.json maps the runtime's own `#json-validator`.
  const copy = join(dir, "runtime");
  cpSync(join(ROOT, "packages/runtime/dist"), join(copy, "dist"), { recursive: true });
  cpSync(join(ROOT, "packages/runtime/package.json"), join(copy, "package.json"));
  return import(pathToFileURL(join(copy, "dist/executors/sql/index.js")).href);
}

describe.each(SQLITE_DRIVERS)("%s", (driver) => {
  it("reads every 64-bit integer whole, on a read-only connection too, and again after the first too large", async () => {
    const engine = await loadSqliteEngine(driver);
    const file = join(dir, `integers-${driver.replace(":", "-")}.db`);
    // An empty file is an empty database: the engines open only files that exist.
    writeFileSync(file, "");
    const writer = engine.open(file, { readOnly: false });
    writer.exec("CREATE TABLE n (id INTEGER PRIMARY KEY, v INTEGER)");
    // A real past the safe integers (4) is no integer, but reads as a number that large.
    writer.exec("INSERT INTO n VALUES (1, 7), (2, 9007199254740993), (3, -9223372036854775808), (4, 1e300)");
    writer.close();
    const reader = engine.open(file, { readOnly: true });
    try {
      const all = reader.prepare("SELECT v FROM n ORDER BY id");
      const small = reader.prepare("SELECT v FROM n WHERE id = 1");
      const upTo = reader.prepare("SELECT v FROM n WHERE id <= ? ORDER BY id");
      const whole = ["7", "9007199254740993", "-9223372036854775808", "1e+300"];
      // Read small first, the statement then meets a large integer.
      expect(upTo.all([1]).map(([v]) => String(v))).toEqual(["7"]);
      expect(upTo.rows([3], 10).map(([v]) => String(v))).toEqual(whole.slice(0, 3));
      for (let run = 0; run < 2; run++) {
        expect(all.all([]).map(([v]) => String(v))).toEqual(whole);
        expect(all.rows([], 10).map(([v]) => String(v))).toEqual(whole);
        expect(small.all([]).map(([v]) => Number(v))).toEqual([7]);
        expect(upTo.all([2]).map(([v]) => String(v))).toEqual(whole.slice(0, 2));
      }
    } finally {
      reader.close();
    }
  });
});

describe("the SQLite engine a database runs on", () => {
  it("is better-sqlite3 where it loads, node:sqlite otherwise", async () => {
    const engine = await loadSqliteEngine();
    expect(engine.name).toBe(SQLITE_DRIVERS.includes("better-sqlite3") ? "better-sqlite3" : "node:sqlite");
  });

  it("is the one asked for, or a coded error saying what this Node lacks", async () => {
    if (nodeHasSqlite) {
      expect((await loadSqliteEngine("node:sqlite")).name).toBe("node:sqlite");
    } else {
      const refused = await loadSqliteEngine("node:sqlite").catch((error: unknown) => error);
      expect(refused).toMatchObject({
        code: "E_DRIVER_MISSING",
        message: expect.stringMatching(/node:sqlite, which needs Node\.js 22\.16 or later: this is Node\.js 2/),
      });
    }
  });

  it("without better-sqlite3, serves on node:sqlite where this Node has it, else says which of the two to get", async () => {
    const runtime = await runtimeWithoutBetterSqlite3();
    const executor = runtime.createSqlExecutor(CHINOOK, { connection: corpusFile("sql/chinook.sqlite") });
    try {
      const artist = executor.call({ kind: "get", table: { name: "Artist" } }, { ArtistId: 1 });
      if (nodeHasSqlite) {
        expect((await artist).structuredContent).toEqual({ ArtistId: 1, Name: "AC/DC" });
      } else {
        await expect(artist).rejects.toMatchObject({
          code: "E_DRIVER_MISSING",
          message: expect.stringMatching(AHEAD),
        });
        await expect(artist).rejects.toThrow(/is not installed/);
      }
    } finally {
      await executor.close();
    }
  });
});
