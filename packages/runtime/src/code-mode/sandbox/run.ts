import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle, QuickJSRuntime } from "quickjs-emscripten-core";
import { BOOTSTRAP } from "./bootstrap.js";
import { acquireEngine, releaseEngine } from "./engine-pool.js";
import type { CodeModeLimits, WasmModuleSource } from "./limits.js";
import { RunLogs } from "./logs.js";

/** What a run asks of the host: the api behind `api`. */
export interface SandboxApi {
  has(name: string): boolean;
  names(): readonly string[];
  /** One call: resolves to the JSON text of the value, or to an error message (never rejects). */
  call(name: string, argsJson: string): Promise<{ ok: true; json: string } | { ok: false; message: string }>;
}

/** A limit that ended the run, or the caller going away. */
export type StopReason =
  | keyof Pick<CodeModeLimits, "wallTimeMs" | "apiCalls" | "memoryBytes" | "stackBytes" | "resultBytes">
  | "cancelled"
  | "engine";

export type RunOutcome =
  | { kind: "returned"; json: string | undefined; logs: RunLogs }
  | { kind: "threw"; name: string; message: string; line: number | undefined; logs: RunLogs }
  | { kind: "stopped"; reason: StopReason; logs: RunLogs; detail?: string };

export interface RunOptions {
  api: SandboxApi;
  limits: CodeModeLimits;
  signal: AbortSignal;
  wasmModule?: WasmModuleSource;
}

/** The file name runs are evaluated as: the model's line 1 is its line 1 (the wrapper shares that line). */
const FILE = "execute.js";
const PREFIX = "(async function () {";

/** Arguments of one api call may be at most this long (the sandbox's memory limit bounds everything else). */
export const ARGUMENTS_MAX_CHARS = 1024 * 1024;

/**
 * Runs JavaScript (types already stripped) as the body of an async function, in a new QuickJS runtime and context of
 * an instance of its own (engine-pool.ts), with `api`, `ApiError` and `console` in scope and nothing else of the host.
 * Settles once: with the returned value's JSON, the error it threw, or the limit (or cancellation) that stopped it;
 * the runtime is then freed, calls still running on the host are abandoned (their results are dropped) and no timer
 * is left behind.
 */
export async function runInSandbox(code: string, options: RunOptions): Promise<RunOutcome> {
  const { limits, signal } = options;
  const logs = new RunLogs(limits.resultBytes);
  if (signal.aborted) return { kind: "stopped", reason: "cancelled", logs };
  const engine = await acquireEngine(options.wasmModule, limits.memoryBytes);
  const runtime = engine.module.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  const run = new Run(runtime, runtime.newContext(), options, logs);
  try {
    return await run.start(code);
  } finally {
    releaseEngine(engine, run.dispose());
  }
}

class Run {
  readonly #vm: QuickJSContext;
  readonly #runtime: QuickJSRuntime;
  readonly #options: RunOptions;
  readonly #logs: RunLogs;
  readonly #deferreds = new Set<QuickJSDeferredPromise>();
  readonly #handles: QuickJSHandle[] = [];
  readonly #deadline: number;
  #calls = 0;
  #stopped: StopReason | undefined;
  /** Set when the engine threw on the host's side (its stack overflowed the host's, it aborted): never touch it again. */
  #broken = false;
  #settle: (outcome: RunOutcome) => void = () => {};
  #settled = false;

  constructor(runtime: QuickJSRuntime, vm: QuickJSContext, options: RunOptions, logs: RunLogs) {
    this.#runtime = runtime;
    this.#vm = vm;
    this.#options = options;
    this.#logs = logs;
    this.#deadline = Date.now() + options.limits.wallTimeMs;
    // Called while code runs: the only way to stop a loop that never awaits.
    runtime.setInterruptHandler(() => {
      if (this.#stopped === undefined && Date.now() > this.#deadline) this.#stop("wallTimeMs");
      return this.#stopped !== undefined;
    });
  }

  start(code: string): Promise<RunOutcome> {
    const outcome = new Promise<RunOutcome>((resolve) => {
      this.#settle = (value) => {
        if (this.#settled) return;
        this.#settled = true;
        resolve(value);
      };
    });
    const timer = setTimeout(() => this.#stop("wallTimeMs"), this.#options.limits.wallTimeMs);
    const onAbort = () => this.#stop("cancelled");
    this.#options.signal.addEventListener("abort", onAbort, { once: true });
    void outcome.finally(() => {
      clearTimeout(timer);
      this.#options.signal.removeEventListener("abort", onAbort);
    });
    this.#guard(() => this.#begin(code));
    return outcome;
  }

  #begin(code: string): void {
    const vm = this.#vm;
    const bootstrap = vm.evalCode(BOOTSTRAP, "bootstrap.js", { type: "global", strict: true });
    const setup = this.#keep(vm.unwrapResult(bootstrap));
    const runner = this.#keep(
      vm.unwrapResult(
        vm.callFunction(setup, vm.undefined, this.#hostObject(), this.#keep(vm.newNumber(this.#lineMax()))),
      ),
    );
    const compiled = vm.evalCode(`${PREFIX}${code}\n})`, FILE, { type: "global" });
    if (compiled.error) {
      this.#failWith(this.#keep(compiled.error));
      return;
    }
    const body = this.#keep(compiled.value);
    const started = vm.callFunction(runner, vm.undefined, body);
    if (started.error) this.#failWith(this.#keep(started.error));
    else this.#keep(started.value);
    this.#pump();
  }

  /** The functions the bootstrap takes from its argument, each a thin, checking bridge to the host. */
  #hostObject(): QuickJSHandle {
    const vm = this.#vm;
    const host = this.#keep(vm.newObject());
    const define = (name: string, fn: (...args: QuickJSHandle[]) => QuickJSHandle | undefined) => {
      const handle = vm.newFunction(name, fn);
      vm.setProp(host, name, handle);
      handle.dispose();
    };
    define("call", (name, args) => this.#call(name, args));
    define("has", (name) => {
      const text = this.#text(name, 1_000);
      return text !== undefined && this.#options.api.has(text) ? vm.true : vm.false;
    });
    define("names", () => vm.newString(JSON.stringify(this.#options.api.names())));
    define("log", (level, line) => {
      const kept = this.#logs.add(this.#text(level, 10) ?? "log", this.#text(line, this.#lineMax()) ?? "");
      return kept ? vm.true : vm.false;
    });
    define("done", (json, dropped) => {
      this.#logs.addDropped(this.#number(dropped));
      const length = json !== undefined && vm.typeof(json) === "string" ? this.#length(json) : 0;
      if (length > this.#options.limits.resultBytes) {
        this.#settle({ kind: "stopped", reason: "resultBytes", logs: this.#logs, detail: String(length) });
      } else {
        this.#settle({
          kind: "returned",
          json: length === 0 ? undefined : this.#vm.getString(json!),
          logs: this.#logs,
        });
      }
      return undefined;
    });
    define("fail", (name, message, stack, dropped) => {
      this.#logs.addDropped(this.#number(dropped));
      this.#settle(this.#threw(this.#text(name, 200), this.#text(message, 2_000), this.#text(stack, 2_000)));
      return undefined;
    });
    return host;
  }

  #call(nameHandle: QuickJSHandle, argsHandle: QuickJSHandle): QuickJSHandle {
    const vm = this.#vm;
    const deferred = vm.newPromise();
    this.#deferreds.add(deferred);
    this.#calls += 1;
    if (this.#calls > this.#options.limits.apiCalls) {
      this.#stop("apiCalls");
      return deferred.handle.dup();
    }
    const name = this.#text(nameHandle, 1_000) ?? "";
    const args = this.#text(argsHandle, ARGUMENTS_MAX_CHARS);
    const answer =
      args === undefined
        ? Promise.resolve({
            ok: false as const,
            message: `The arguments of ${name} are not JSON text of at most ${ARGUMENTS_MAX_CHARS} characters`,
          })
        : this.#options.api.call(name, args);
    void answer.then((outcome) => {
      if (this.#settled || !deferred.alive) return;
      const text = outcome.ok
        ? outcome.json.length > this.#options.limits.memoryBytes
          ? JSON.stringify({ ok: false, message: `${name}'s result is larger than the sandbox's memory limit` })
          : `{"ok":true,"value":${outcome.json}}`
        : JSON.stringify({ ok: false, message: outcome.message });
      this.#guard(() => {
        const value = vm.newString(text);
        deferred.resolve(value);
        value.dispose();
        this.#pump();
      });
    });
    // The host function's return value is consumed by QuickJS: hand it a copy, the deferred keeps its own.
    return deferred.handle.dup();
  }

  /** Runs the jobs promises queued. A job that fails outside any promise (an interrupt, memory) ends the run. */
  #pump(): void {
    if (this.#settled) return;
    const result = this.#runtime.executePendingJobs();
    if (result.error) this.#failWith(result.error);
  }

  #failWith(error: QuickJSHandle): void {
    const vm = this.#vm;
    const read = (key: string, max: number) => {
      const property = vm.getProp(error, key);
      const text = vm.typeof(property) === "string" ? this.#text(property, max) : undefined;
      property.dispose();
      return text;
    };
    const outcome = this.#threw(read("name", 200), read("message", 2_000), read("stack", 2_000));
    error.dispose();
    this.#settle(outcome);
  }

  /** An error the code threw, or the limit it hit when the engine's own error says so. */
  #threw(name = "Error", message = "", stack = ""): RunOutcome {
    const logs = this.#logs;
    if (this.#stopped !== undefined) return { kind: "stopped", reason: this.#stopped, logs };
    if (name === "InternalError" && message === "out of memory")
      return { kind: "stopped", reason: "memoryBytes", logs };
    if (/^(Maximum call stack size exceeded|stack overflow)$/.test(message)) {
      return { kind: "stopped", reason: "stackBytes", logs };
    }
    const at = new RegExp(`${FILE.replace(".", "\\.")}:(\\d+)`).exec(stack);
    return { kind: "threw", name, message, line: at ? Number(at[1]) : undefined, logs };
  }

  #stop(reason: StopReason, detail?: string): void {
    if (this.#stopped !== undefined || this.#settled) return;
    this.#stopped = reason;
    this.#settle({ kind: "stopped", reason, logs: this.#logs, ...(detail !== undefined && { detail }) });
  }

  /**
   * Runs host code that enters the engine. The engine's code runs on the host's own stack, and some of its recursion
   * (JSON of deeply nested values) is not measured against the sandbox's stack limit: the host's stack runs out
   * first and the host throws from inside the engine, which is left half-way. The run ends on the stack limit and
   * the instance is dropped unfreed.
   */
  #guard(enter: () => void): void {
    if (this.#broken) return;
    try {
      enter();
    } catch (error) {
      this.#broken = true;
      if (error instanceof RangeError && /call stack/i.test(error.message)) this.#stop("stackBytes");
      else this.#stop("engine", error instanceof Error ? error.message : String(error));
    }
  }

  /** A string the code handed over, or undefined when it is not a string or longer than `max`. */
  #text(handle: QuickJSHandle | undefined, max: number): string | undefined {
    if (handle === undefined || this.#vm.typeof(handle) !== "string") return undefined;
    return this.#length(handle) > max ? undefined : this.#vm.getString(handle);
  }

  /** A string's length, read without copying it out (a string primitive's own `length`, which code cannot change). */
  #length(handle: QuickJSHandle): number {
    const length = this.#vm.getProp(handle, "length");
    const size = this.#vm.getNumber(length);
    length.dispose();
    return size;
  }

  #number(handle: QuickJSHandle | undefined): number {
    return handle !== undefined && this.#vm.typeof(handle) === "number" ? this.#vm.getNumber(handle) : 0;
  }

  #lineMax(): number {
    return this.#options.limits.resultBytes;
  }

  #keep(handle: QuickJSHandle): QuickJSHandle {
    this.#handles.push(handle);
    return handle;
  }

  /**
   * Frees the run's runtime; what the code left running is dropped with it. True when it freed cleanly, so the
   * instance may serve another run.
   */
  dispose(): boolean {
    this.#settled = true;
    if (this.#broken) return false;
    try {
      for (const deferred of this.#deferreds) deferred.dispose();
      for (const handle of this.#handles) if (handle.alive) handle.dispose();
      this.#vm.dispose();
      this.#runtime.dispose();
      return true;
    } catch {
      // Objects the code left behind can keep QuickJS from freeing cleanly: the instance is dropped.
      return false;
    }
  }
}
