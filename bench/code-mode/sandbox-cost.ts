/**
 * What the sandbox costs the server, measured through the official client in memory (no sockets): a tools/call of a
 * trivial tool (the floor), an execute that returns at once (the floor plus one fresh QuickJS instance and the
 * stripping of types), and an execute that makes N sequential api calls of the same trivial tool. The differences
 * are the sandbox's start per execution and the cost of one api call inside a run, which is set beside a tools/call
 * of the same tool through the client (one round trip of the protocol, in process).
 */

import { server } from "@mcpsmith/runtime";
import { codeMode } from "@mcpsmith/runtime/code-mode";
import { createTestClient } from "@mcpsmith/runtime/testing";
import { percentile } from "../runtime/stats.js";

export interface Latency {
  p50: number;
  p90: number;
  /** This process's CPU time (user and system) per round: less moved by other work on the machine than p50. */
  cpuMs: number;
}

export interface SandboxCost {
  directCall: Latency;
  emptyRun: Latency;
  callingRun: Latency;
  callsPerRun: number;
  /** An execute that returns at once, less a tools/call: the sandbox's own start (and the stripping of types). */
  startP50: number;
  startCpuMs: number;
  /** What one more api call adds to a run, against a tools/call round trip through the client. */
  perCallP50: number;
  perCallCpuMs: number;
}

const CALLS_PER_RUN = 50;

async function timed(times: number, work: () => Promise<unknown>): Promise<Latency> {
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  return {
    p50: percentile(samples, 50),
    p90: percentile(samples, 90),
    cpuMs: (used.user + used.system) / 1000 / times,
  };
}

export async function measureSandbox(quick: boolean): Promise<SandboxCost> {
  const app = server({ name: "bench", version: "1.0.0" }).tool(
    "echo",
    { description: "Echo.", input: { type: "object", properties: { n: { type: "integer" } } }, readOnly: true },
    (args: { n?: number }) => ({ n: args.n ?? 0 }),
  );
  const tools = await createTestClient(app, { era: "2026-07-28" });
  const code = await createTestClient(codeMode(app), { era: "2026-07-28" });
  const execute = (source: string) => code.callTool({ name: "execute", arguments: { code: source } });
  const loop = `let n = 0; for (let i = 0; i < ${CALLS_PER_RUN}; i++) n += (await api.echo({ n: i })).n; return n`;
  const rounds = quick ? 30 : 200;
  try {
    // Warm-up: the first run loads QuickJS and sucrase and compiles the WebAssembly.
    for (let i = 0; i < 10; i++) {
      await tools.callTool({ name: "echo", arguments: {} });
      await execute("return 1");
      await execute(loop);
    }
    const directCall = await timed(rounds, () => tools.callTool({ name: "echo", arguments: { n: 1 } }));
    const emptyRun = await timed(rounds, () => execute("return 1"));
    const callingRun = await timed(Math.max(10, rounds / 4), () => execute(loop));
    return {
      directCall,
      emptyRun,
      callingRun,
      callsPerRun: CALLS_PER_RUN,
      startP50: emptyRun.p50 - directCall.p50,
      startCpuMs: emptyRun.cpuMs - directCall.cpuMs,
      perCallP50: (callingRun.p50 - emptyRun.p50) / CALLS_PER_RUN,
      perCallCpuMs: (callingRun.cpuMs - emptyRun.cpuMs) / CALLS_PER_RUN,
    };
  } finally {
    await tools.close();
    await code.close();
  }
}
