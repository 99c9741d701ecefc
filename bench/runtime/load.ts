/**
 * The load generator, run as its own process so its CPU is not the server's: keeps `concurrency` requests in
 * flight against one endpoint, on keep-alive connections, with prebuilt bodies. Run as
 * `node load.js '<LoadPlan JSON>'`; prints one `LoadResult` JSON line on stdout.
 *
 * It uses `node:http` rather than `fetch`: the global fetch costs the client several times the CPU per request,
 * and on a 2-core machine the client competes with the server for the same cores.
 */
import { spawn } from "node:child_process";
import { Agent, request } from "node:http";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cpuMsOf } from "./proc.js";
import { checkResult, type Expect, type HttpCall, messageOf } from "./protocol.js";

export interface LoadPlan {
  url: string;
  /** Sent once, in order, before anything else (a legacy client's handshake). Each must answer 2xx. */
  setup: HttpCall[];
  call: HttpCall;
  /** What the first answer is checked against before anything is measured. */
  expect: Expect;
  /** Never send back a session id the server assigned: forces a server's stateless legacy path. */
  ignoreSession?: boolean;
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  /** The server's process id: its CPU time over the measured phase is read from /proc (Linux) when given. */
  serverPid?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  /** The first bad answer seen, if any. */
  firstError?: string;
  /** Whether the server gave the legacy client a session (`Mcp-Session-Id`), which the client then sent back. */
  session: boolean;
  elapsedMs: number;
  rps: number;
  /** CPU time (user + system) the server process spent during the measured phase, if it could be read. */
  serverCpuMs?: number;
  /** Latencies of the measured requests, in milliseconds (the runner pools rounds before taking percentiles). */
  latenciesMs: number[];
  /** Every request the server answered in this run (setup, warm-up and measured): divides a CPU profile's time. */
  answered: number;
  /** The first answer's JSON-RPC message, which the runner compares across servers. */
  firstAnswer: unknown;
}

interface Answer {
  status: number;
  contentType: string;
  sessionId: string | undefined;
  body: string;
}

function send(agent: Agent, url: URL, call: HttpCall, body: Buffer, keepBody: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", agent, headers: { ...call.headers, "content-length": String(body.byteLength) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => {
          if (keepBody) chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers["content-type"] ?? ""),
            sessionId: res.headers["mcp-session-id"] as string | undefined,
            body: keepBody ? Buffer.concat(chunks).toString("utf8") : "",
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const url = new URL(plan.url);
  const agent = new Agent({ keepAlive: true, maxSockets: plan.concurrency });
  try {
    // A server may answer `initialize` with a session; a 2025-11-25 client then sends its id on every request.
    let sessionId: string | undefined;
    const withSession = (call: HttpCall): HttpCall =>
      sessionId === undefined ? call : { ...call, headers: { ...call.headers, "mcp-session-id": sessionId } };
    for (const step of plan.setup) {
      const answer = await send(agent, url, withSession(step), Buffer.from(step.body), true);
      if (answer.status < 200 || answer.status > 299) {
        throw new Error(`setup request answered HTTP ${answer.status}: ${answer.body.slice(0, 300)}`);
      }
      if (!plan.ignoreSession) sessionId ??= answer.sessionId;
    }
    const call = withSession(plan.call);
    const body = Buffer.from(call.body);
    // Validate before measuring: a fast wrong answer must not count as throughput.
    const first = await send(agent, url, call, body, true);
    const problem =
      first.status === 200
        ? checkResult(messageOf(first.contentType, first.body), plan.expect)
        : `HTTP ${first.status}: ${first.body.slice(0, 300)}`;
    if (problem) throw new Error(`the first answer is wrong: ${problem}`);

    let answered = plan.setup.length + 1;
    let errors = 0;
    let firstError: string | undefined;
    let measuring = false;
    let stopAt = 0;
    const latencies: number[] = [];
    const worker = async () => {
      for (;;) {
        const now = performance.now();
        if (now >= stopAt) return;
        try {
          // Every answer is checked for its status; the body of a 200 is the validated shape.
          const answer = await send(agent, url, call, body, false);
          answered++;
          if (answer.status !== 200) {
            errors++;
            firstError ??= `HTTP ${answer.status}`;
          } else if (measuring) latencies.push(performance.now() - now);
        } catch (error) {
          errors++;
          firstError ??= (error as Error).message;
        }
      }
    };
    const phase = async (ms: number) => {
      stopAt = performance.now() + ms;
      await Promise.all(Array.from({ length: plan.concurrency }, worker));
    };
    await phase(plan.warmupMs);
    errors = 0;
    firstError = undefined;
    measuring = true;
    const cpuBefore = cpuMsOf(plan.serverPid);
    const started = performance.now();
    await phase(plan.durationMs);
    const elapsedMs = performance.now() - started;
    const cpuAfter = cpuMsOf(plan.serverPid);
    return {
      requests: latencies.length,
      errors,
      ...(firstError !== undefined && { firstError }),
      session: sessionId !== undefined,
      elapsedMs,
      rps: (latencies.length * 1000) / elapsedMs,
      ...(cpuBefore !== undefined && cpuAfter !== undefined && { serverCpuMs: cpuAfter - cpuBefore }),
      latenciesMs: latencies,
      answered,
      firstAnswer: messageOf(first.contentType, first.body),
    };
  } finally {
    agent.destroy();
  }
}

/** Runs a plan in a process of its own (this module), so the load generator's CPU is not the caller's. */
export function runLoadChild(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify(plan)], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("exit", (code) => {
      if (code === 0) resolve(JSON.parse(stdout) as LoadResult);
      else reject(new Error(`load generator against ${plan.url} failed: ${stderr.trim()}`));
    });
  });
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  const plan = JSON.parse(process.argv[2] ?? "{}") as LoadPlan;
  runLoad(plan).then(
    (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
    },
    (error: Error) => {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    },
  );
}
