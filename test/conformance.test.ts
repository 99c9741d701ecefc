// The official MCP conformance suite against examples/conformance-server, over HTTP on a free loopback port, once
// per requirement set: 2026-07-28 (stateless, per-request _meta) and 2025-11-25 (initialize, sessions). Each run
// must exit 0. The suite's own exit code is the verdict: with --requirements it counts only the scenarios the
// revision requires (extensions such as tasks-* and pending scenarios run and are reported, but are not scored),
// and with --expected-failures a listed scenario that passes (a stale entry) fails the run too.
//
// The test prints what the suite reported per requirement set: scenarios and checks passed, and what failed.
//
// The tasks extension's scenarios (tasks-*) run on 2026-07-28 without being scored, so the exit code ignores them;
// mcpsmith implements the extension, so this test asserts from the summary that each one ran and failed nothing.
//
// With MCPSMITH_RECORD_CONFORMANCE=1 the suite talks to the server through a recording proxy, and every request of
// both runs is written to test/fixtures/conformance-traffic.json, which test/fast-path.differential.test.ts replays.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFORMANCE_PACKAGE, npx, removeTempDirs, tempDir } from "./support/npx.js";
import { CONFORMANCE_MAIN, ROOT, type SpawnedHttpServer, spawnHttpServer } from "./support/servers.js";
import { CONFORMANCE_TRAFFIC, RECAPTURE_CONFORMANCE_TRAFFIC } from "./support/traffic.js";
import { recordTraffic, type TrafficRecorder } from "./support/traffic-recorder.js";

const EXPECTED_FAILURES = join(ROOT, "examples/conformance-server/expected-failures.yaml");
/** The `io.modelcontextprotocol/tasks` scenarios of 0.2.0-alpha.12 (`tasks-status-notifications` has no checks yet). */
const TASK_SCENARIOS = [
  "tasks-lifecycle",
  "tasks-capability-negotiation",
  "tasks-wire-fields",
  "tasks-request-state-removal",
  "tasks-mrtr-input",
  "tasks-request-headers",
  "tasks-dispatch-and-envelope",
  "tasks-status-notifications",
  "tasks-required-task-error",
  "tasks-mrtr-composition",
];
/** Unscored scenarios a requirement set must still pass. */
const MUST_PASS_UNSCORED: Record<string, readonly string[]> = { "2026-07-28": TASK_SCENARIOS, "2025-11-25": [] };

/** npx may download Node 22 and the suite on a first run: a hang guard, not a speed assertion. */
const RUN_GUARD_MS = 15 * 60_000;

interface ScenarioResult {
  scenario: string;
  passed: number;
  failed: number;
}

interface SuiteReport {
  scenarios: ScenarioResult[];
  /** Checks that ended in WARNING or FAILURE, from the suite's checks.json files. */
  problems: { scenario: string; id: string; status: string; message: string }[];
  /** What the suite said about the expected-failures baseline (its exit code follows from it). */
  baseline: string[];
}

interface RequirementSet {
  /** The server scenarios the revision requires: only these decide the exit code. */
  required: Set<string>;
  /** Server scenarios the suite runs and reports without scoring, with the reason it gives. */
  notScored: Map<string, string>;
}

/** `conformance list --requirements REV`: the frozen set of server scenarios a revision requires. */
async function requirementSet(revision: string): Promise<RequirementSet> {
  const run = await npx([CONFORMANCE_PACKAGE], ["conformance", "list", "--requirements", revision], {
    killAfterMs: RUN_GUARD_MS,
  });
  expect(run.code, `conformance list exited ${run.code}\n${run.stdout}\n${run.stderr}`).toBe(0);
  const serverSection = run.stdout.slice(
    run.stdout.indexOf("Server scenarios"),
    run.stdout.indexOf("Client scenarios"),
  );
  const required = new Set([...serverSection.matchAll(/^ {2}- (\S+)$/gm)].map((match) => match[1]!));
  const notScored = new Map<string, string>();
  let reason = "";
  for (const line of run.stdout.slice(run.stdout.indexOf("never scored")).split("\n")) {
    const heading = /^ {2}(\S+) \(\d+\):$/.exec(line);
    if (heading) reason = heading[1]!;
    const entry = /^ {4}- (\S+) \[server\]$/.exec(line);
    if (entry) notScored.set(entry[1]!, reason);
  }
  return { required, notScored };
}

/** Reads the suite's `=== SUMMARY ===` and baseline sections, and the checks.json files it wrote. */
function parseReport(output: string, outputDir: string): SuiteReport {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the suite colours its baseline verdict
  const stdout = output.replace(/\x1b\[[0-9;]*m/g, "");
  const summary = stdout.slice(stdout.indexOf("=== SUMMARY ==="));
  const scenarios = [...summary.matchAll(/^[✓✗] (\S+): (\d+) passed, (\d+) failed$/gmu)].map((match) => ({
    scenario: match[1]!,
    passed: Number(match[2]),
    failed: Number(match[3]),
  }));
  const baseline = summary
    .split("\n")
    .filter((line) => /^(Expected failures|Stale baseline|Unexpected failures|Baseline)|^ {2}[~✓✗] /u.test(line))
    .filter((line) => !/^ {2}[✓✗] \S+ \(/u.test(line));
  const problems: SuiteReport["problems"] = [];
  for (const dir of existsSync(outputDir) ? readdirSync(outputDir) : []) {
    const file = join(outputDir, dir, "checks.json");
    if (!existsSync(file)) continue;
    const scenario = dir.replace(/^server-/, "").replace(/-\d{4}-\d\d-\d\dT.*$/, "");
    for (const check of JSON.parse(readFileSync(file, "utf8")) as Record<string, string>[]) {
      if (check.status === "FAILURE" || check.status === "WARNING") {
        problems.push({ scenario, id: check.id!, status: check.status, message: check.errorMessage ?? "" });
      }
    }
  }
  return { scenarios, problems, baseline };
}

function describeReport(revision: string, set: RequirementSet, report: SuiteReport): string {
  const scored = report.scenarios.filter((s) => set.required.has(s.scenario));
  const unscored = report.scenarios.filter((s) => !set.required.has(s.scenario));
  const green = (list: ScenarioResult[]) => list.filter((s) => s.failed === 0).length;
  const sum = (list: ScenarioResult[], key: "passed" | "failed") => list.reduce((total, s) => total + s[key], 0);
  const warnings = report.problems.filter((p) => p.status === "WARNING" && set.required.has(p.scenario)).length;
  const lines = [
    `conformance ${revision}: ${green(scored)}/${set.required.size} required scenarios passed ` +
      `(checks: ${sum(scored, "passed")} passed, ${sum(scored, "failed")} failed, ${warnings} warnings); ` +
      `not scored: ${green(unscored)}/${unscored.length} passed`,
  ];
  for (const name of set.required) {
    if (!scored.some((s) => s.scenario === name)) lines.push(`  required, not run: ${name}`);
  }
  for (const s of scored.filter((s) => s.failed > 0)) lines.push(`  required, failing: ${s.scenario}`);
  for (const s of unscored.filter((s) => s.failed > 0)) {
    lines.push(`  not scored (${set.notScored.get(s.scenario) ?? "not required"}), failing: ${s.scenario}`);
  }
  for (const p of report.problems.filter((p) => set.required.has(p.scenario))) {
    lines.push(`  ${p.status} ${p.scenario} ${p.id}: ${p.message.slice(0, 200)}`);
  }
  lines.push(...report.baseline.map((line) => `  ${line.trim()}`));
  return lines.join("\n");
}

describe("the official conformance suite against examples/conformance-server", () => {
  let server: SpawnedHttpServer;
  let recorder: TrafficRecorder | undefined;
  /** Where the suite connects: the server, or the recording proxy in front of it. */
  let url: URL;

  beforeAll(async () => {
    server = await spawnHttpServer(CONFORMANCE_MAIN, ["--port", "0"]);
    if (process.env.MCPSMITH_RECORD_CONFORMANCE) recorder = await recordTraffic(server.url);
    url = recorder?.url ?? server.url;
  });
  afterAll(async () => {
    recorder?.write(CONFORMANCE_TRAFFIC, {
      about: `Every request the official conformance suite (${CONFORMANCE_PACKAGE}) sent to examples/conformance-server, both requirement sets, in order; replayed by test/fast-path.differential.test.ts.`,
      recapture: RECAPTURE_CONFORMANCE_TRAFFIC,
    });
    await recorder?.close();
    await server?.close();
    removeTempDirs();
  });

  it.each(["2026-07-28", "2025-11-25"])(
    "--requirements %s exits 0",
    async (revision) => {
      const outputDir = tempDir(`mcpsmith-conformance-${revision}-`);
      recorder?.startRun(revision);
      const args = ["server", "--url", url.href, "--requirements", revision, "-o", outputDir];
      if (existsSync(EXPECTED_FAILURES)) args.push("--expected-failures", EXPECTED_FAILURES);
      const run = await npx([CONFORMANCE_PACKAGE], ["conformance", ...args], { killAfterMs: RUN_GUARD_MS });

      const report = parseReport(run.stdout, outputDir);
      console.log(describeReport(revision, await requirementSet(revision), report));
      const context = `conformance ${revision} exited ${run.code ?? run.signal}\n${run.stdout.slice(-4_000)}\n${run.stderr.slice(-2_000)}\n--- server stderr ---\n${server.stderr().slice(-4_000)}`;
      expect(report.scenarios.length, context).toBeGreaterThan(0);
      expect(run.code, context).toBe(0);
      const mustPass = MUST_PASS_UNSCORED[revision]!;
      const outcomes = mustPass.map((name) => {
        const scenario = report.scenarios.find((s) => s.scenario === name);
        return { name, outcome: scenario === undefined ? "not run" : scenario.failed === 0 ? "passed" : "failed" };
      });
      expect(outcomes, context).toEqual(mustPass.map((name) => ({ name, outcome: "passed" })));
    },
    RUN_GUARD_MS + 60_000,
  );
});
