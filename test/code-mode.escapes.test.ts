// The escape corpus (test/fixtures/code-mode-escapes.mjs) against code mode on Node, through official clients of
// both eras, in process, so the host itself can be inspected after each case: its built-ins untouched, its global
// object unchanged, no call past the limit, and the server still answering.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeMode } from "../packages/runtime/dist/code-mode/index.js";
import { ESCAPE_CASES, ESCAPE_LIMITS, escapeApp, type HostCall, judge, PROBE } from "./fixtures/code-mode-escapes.mjs";
import { type ClientKind, connectClient, type TestClient } from "./support/clients.js";

const KINDS: readonly ClientKind[] = ["v2 pinned 2026-07-28", "v1"];

/**
 * What of the host a case could change if it got out: the global object's names (symbols aside: libraries key their
 * own state there lazily) and the built-ins' prototypes.
 */
function hostSnapshot(): string {
  const names = (object: object) => Reflect.ownKeys(object).map(String).sort().join(",");
  const globals = Object.getOwnPropertyNames(globalThis).sort().join(",");
  return [globals, ...[Object.prototype, Array.prototype, Function.prototype, Promise.prototype, JSON].map(names)].join(
    "|",
  );
}

describe.each(KINDS)("the escape corpus, %s client", (kind) => {
  let client: TestClient;
  let calls: HostCall[];
  let host: string;

  beforeAll(async () => {
    const served = escapeApp();
    calls = served.calls;
    client = await connectClient(kind, {
      transport: "in-memory",
      target: codeMode(served.app, { limits: ESCAPE_LIMITS }),
    });
    expect(judge(PROBE.expect, await execute(PROBE.code), calls)).toBeUndefined();
    host = hostSnapshot();
  });
  afterAll(() => client?.close());

  const execute = (code: string) => client.callTool({ name: "execute", arguments: { code } });

  it.each(ESCAPE_CASES.map((c) => [`${c.category}: ${c.name}`, c] as const))("%s", async (_, attempt) => {
    const before = calls.length;
    const answers: Awaited<ReturnType<typeof execute>>[] = [];
    for (const run of attempt.runs) answers.push(await execute(run.code));
    const probe = await execute(PROBE.code);
    const problems = [
      ...attempt.runs.map((run, i) => judge(run.expect, answers[i]!, calls)),
      judge(PROBE.expect, probe, calls),
    ].filter((problem) => problem !== undefined);
    expect(problems).toEqual([]);
    // Every run may make at most the limit's calls; the probe makes one.
    expect(calls.length - before).toBeLessThanOrEqual(attempt.runs.length * ESCAPE_LIMITS.apiCalls + 1);
    expect(hostSnapshot()).toBe(host);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
