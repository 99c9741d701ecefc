// The escape corpus (test/fixtures/code-mode-escapes.mjs) against code mode on Node, through official clients of
// both eras, in process, so the host itself can be inspected after each case: its built-ins untouched, its global
// object unchanged, no call past the limit, and the server still answering. test/web-standard.runtimes.test.ts runs
// the same corpus on workerd, Bun and Deno.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeMode } from "../packages/runtime/dist/code-mode/index.js";
import {
  CLOCK_LIMITS,
  ESCAPE_CASES,
  ESCAPE_LIMITS,
  type EscapeLimits,
  escapeApp,
  type HostState,
  hostSnapshot,
  judge,
  PROBE,
  tryCase,
} from "./fixtures/code-mode-escapes.mjs";
import { type ClientKind, connectClient, type TestClient } from "./support/clients.js";

const KINDS: readonly ClientKind[] = ["v2 pinned 2026-07-28", "v1"];

describe.each(KINDS)("the escape corpus, %s client", (kind) => {
  const clients = new Map<EscapeLimits, TestClient>();
  let inspect: () => HostState;
  let host: HostState;

  beforeAll(async () => {
    const served = escapeApp();
    for (const limits of [ESCAPE_LIMITS, CLOCK_LIMITS]) {
      const target = codeMode(served.app, { limits });
      clients.set(limits, await connectClient(kind, { transport: "in-memory", target }));
    }
    inspect = () => ({ calls: [...served.calls], snapshot: hostSnapshot() });
    expect(judge(PROBE.expect, await execute(ESCAPE_LIMITS, PROBE.code), served.calls)).toBeUndefined();
    host = inspect();
  });
  afterAll(() => Promise.all([...clients.values()].map((client) => client.close())));

  const execute = (limits: EscapeLimits, code: string) =>
    clients.get(limits)!.callTool({ name: "execute", arguments: { code } });

  it.each(ESCAPE_CASES.map((c) => [`${c.category}: ${c.name}`, c] as const))("%s", async (_, attempt) => {
    const { problems, after } = await tryCase(attempt, execute, inspect, host);
    host = after;
    expect(problems).toEqual([]);
  });
});
