import type { Context } from "../model/context.js";
import { structuredWithText } from "../results/structured.js";
import { ToolError } from "../results/tool-error.js";
import { thousands } from "../text.js";
import { type ApiCallPath, callApi } from "./api-call.js";
import type { ApiEntry } from "./catalog.js";
import type { CodeModeLimits, WasmModuleSource } from "./options.js";
import { type RunOutcome, runInSandbox, type StopReason } from "./sandbox/run.js";
import { stripTypes } from "./strip-types.js";

export interface ExecuteSetup {
  readonly entries: ReadonlyMap<string, ApiEntry>;
  readonly path: ApiCallPath;
  readonly limits: CodeModeLimits;
  readonly wasmModule: WasmModuleSource | undefined;
}

/**
 * `execute`: strips the code's types, runs it in a fresh sandbox whose `api` calls go down the tools' own path,
 * and answers `{ result, logs }` (structured, and the same JSON as text). A syntax error, an error the code threw
 * and a limit it hit are `isError` answers that say which, with the logs so far.
 */
export function executeHandler(setup: ExecuteSetup): (args: { code: string }, ctx: Context) => Promise<unknown> {
  const { entries, path, limits } = setup;
  const names = [...entries.keys()];
  let running = 0;
  return async ({ code }, ctx) => {
    const stripped = await stripTypes(code);
    if (!stripped.ok) throw new ToolError(stripped.message);
    if (running >= limits.concurrentRuns) {
      throw new ToolError(
        `Refused: ${limits.concurrentRuns} runs are in progress on this server, the most it allows at once (limits.concurrentRuns). Try again shortly.`,
      );
    }
    running++;
    // Aborted when the run ends, however it ends: calls the code left running are abandoned with it.
    const run = new AbortController();
    const cancel = () => run.abort(ctx.signal.reason);
    ctx.signal.addEventListener("abort", cancel, { once: true });
    if (ctx.signal.aborted) cancel();
    try {
      const outcome = await runInSandbox(stripped.code, {
        limits,
        signal: run.signal,
        ...(setup.wasmModule !== undefined && { wasmModule: setup.wasmModule }),
        api: {
          has: (name) => entries.has(name),
          names: () => names,
          call: (name, args) => {
            const entry = entries.get(name);
            if (!entry) return Promise.resolve({ ok: false, message: `api has no function "${name}"` });
            return callApi(entry, args, ctx, run.signal, path);
          },
        },
      });
      return answerOf(outcome, limits);
    } finally {
      running--;
      ctx.signal.removeEventListener("abort", cancel);
      run.abort();
    }
  };
}

function answerOf(outcome: RunOutcome, limits: CodeModeLimits): unknown {
  const budget = limits.resultBytes;
  const limitName = `${thousands(Math.round(budget / 1024))} KiB (limits.resultBytes)`;
  if (outcome.kind === "returned") {
    const json = outcome.json ?? "null";
    const logs = outcome.logs.within(budget - json.length, limitName);
    return structuredWithText({ result: JSON.parse(json), logs }, `{"result":${json},"logs":${JSON.stringify(logs)}}`);
  }
  const logs = outcome.logs.within(budget, limitName);
  if (outcome.kind === "threw") {
    const where = outcome.line === undefined ? "" : ` (line ${outcome.line})`;
    fail(`${outcome.name}: ${outcome.message}${where}`, logs);
  }
  fail(stopMessage(outcome.reason, limits, outcome.detail), logs);
}

function stopMessage(reason: StopReason, limits: CodeModeLimits, detail: string | undefined): string {
  switch (reason) {
    case "resultBytes":
      return `Refused: the result is ${thousands(Number(detail))} characters of JSON, over the limit of ${thousands(Math.round(limits.resultBytes / 1024))} KiB (limits.resultBytes). Return less: filter, or count, in the code.`;
    case "engine":
      return `Stopped: the sandbox's engine failed (${detail}). The run is lost; the server is not.`;
    case "wallTimeMs":
      return `Stopped: the code ran for ${thousands(limits.wallTimeMs)} ms, the most a run may take (limits.wallTimeMs).`;
    case "apiCalls":
      return `Stopped: the code made more than ${limits.apiCalls} api calls, the most a run may make (limits.apiCalls). Make fewer, larger calls (filters, pages), or split the work across runs.`;
    case "memoryBytes":
      return `Stopped: the code used ${thousands(Math.round(limits.memoryBytes / (1024 * 1024)))} MiB, the memory a run may use (limits.memoryBytes).`;
    case "stackBytes":
      return `Stopped: the code recursed past ${thousands(Math.round(limits.stackBytes / 1024))} KiB of stack, the most a run may use (limits.stackBytes).`;
    case "cancelled":
      return "Stopped: the request was cancelled.";
  }
}

function fail(message: string, logs: readonly string[]): never {
  throw new ToolError(logs.length === 0 ? message : `${message}\nLogs:\n${logs.join("\n")}`);
}
