// The SQLite suites on node:sqlite, where the Node running the tests has none (Node 20): the same files, run by
// vitest under Node 22 (`npx -p node@22`, as the conformance tests run), on node:sqlite alone. Under a Node that has
// node:sqlite the suites run both engines themselves, and this file has nothing to add.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { npx } from "./support/npx.js";
import { ROOT } from "./support/servers.js";
import { SQLITE_DRIVERS } from "./support/sqlite-engines.js";

const SUITES = ["test/sql-executor.sqlite.test.ts", "test/sql-executor.sqlite-drivers.test.ts"];

interface VitestReport {
  numFailedTests: number;
  numPassedTests: number;
  numPendingTests: number;
  testResults: { assertionResults: { fullName: string; status: string }[] }[];
}

const out = mkdtempSync(join(tmpdir(), "sqlrun-node22-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe.skipIf(SQLITE_DRIVERS.includes("node:sqlite"))("the SQLite suites under Node 22", () => {
  it("pass on node:sqlite, every test run", { timeout: 10 * 60_000 }, async () => {
    const report = join(out, "report.json");
    const run = await npx(
      [],
      [
        "node",
        join(ROOT, "node_modules/vitest/vitest.mjs"),
        "run",
        ...SUITES,
        "--reporter=json",
        `--outputFile=${report}`,
      ],
      { cwd: ROOT, env: { MCPSMITH_TEST_SQLITE_DRIVERS: "node:sqlite" } },
    );
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const result = JSON.parse(readFileSync(report, "utf8")) as VitestReport;
    const names = result.testResults.flatMap((file) => file.assertionResults.map((test) => test.fullName));
    expect(result).toMatchObject({ numFailedTests: 0, numPendingTests: 0 });
    expect(names.filter((name) => name.includes("through node:sqlite")).length).toBeGreaterThan(40);
    expect(names.some((name) => name.includes("better-sqlite3 >"))).toBe(false);
  });
});
