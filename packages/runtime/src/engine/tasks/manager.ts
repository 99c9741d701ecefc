import type { CallToolResult, InputRequest, ProtocolError } from "@modelcontextprotocol/server";
import { McpsmithError } from "../../errors.js";
import { protocolError, WIRE_ERRORS } from "../../wire-errors.js";
import { reportFailure } from "../report.js";
import {
  InMemoryTaskStore,
  type StoredTask,
  type TaskCommand,
  type TaskError,
  type TaskStore,
  TERMINAL_STATUSES,
} from "./store.js";

export interface TaskOptions {
  /** Where task state lives. Default: this process's memory (see `TaskStore` for replicas). */
  store?: TaskStore;
  /** How long a task stays readable after it was created, in ms. Default one hour; at most 2^31-1 (24.8 days). */
  ttlMs?: number;
  /** How often clients are told to poll `tasks/get`, in ms. Default one second. */
  pollIntervalMs?: number;
}

const DEFAULT_TASK_TTL_MS = 60 * 60_000;
const DEFAULT_POLL_INTERVAL_MS = 1_000;
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The side of a task its handler sees: the signal `tasks/cancel` aborts, the way to wait for client input, and
 * how its outcome is recorded. Only the process running the handler holds one.
 */
export interface RunningTask {
  readonly taskId: string;
  readonly signal: AbortSignal;
  /** Parks the task `input_required` until `tasks/update` answers `key`; resolves to the client's response. */
  waitForInput(key: string, request: InputRequest): Promise<unknown>;
  /** Shown as `statusMessage` on `tasks/get`. */
  setMessage(message: string): void;
  complete(result: CallToolResult): void;
  fail(error: TaskError): void;
}

interface Local {
  record: StoredTask;
  readonly abort: AbortController;
  readonly waiting: Map<string, (response: unknown) => void>;
  /** Saves go out in order, so a slow store never ends up holding an older state than the last one. */
  saved: Promise<void>;
}

/**
 * The tasks of one served model: creates them, runs their state machine, and answers `tasks/get`,
 * `tasks/update` and `tasks/cancel`. State goes to the `TaskStore`; what cannot be stored (the handler's abort
 * controller, the handler waiting for input) stays in this process, so updates and cancels must reach the
 * replica that runs the task: the store's relay carries them there when it has one (Redis), else the load balancer
 * must (route `tasks/*` by `Mcp-Name`, which carries the task id for exactly that).
 */
export class TaskManager {
  readonly store: TaskStore;
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  readonly #local = new Map<string, Local>();
  readonly #unlisten: (() => void) | undefined;

  constructor(options: TaskOptions = {}) {
    this.store = options.store ?? new InMemoryTaskStore();
    this.ttlMs = positiveInteger(options.ttlMs, DEFAULT_TASK_TTL_MS, "ttlMs");
    this.pollIntervalMs = positiveInteger(options.pollIntervalMs, DEFAULT_POLL_INTERVAL_MS, "pollIntervalMs");
    this.#unlisten = this.store.relay?.listen((command) => this.#applyHere(command));
  }

  /** Creates a `working` task and resolves once it is saved: a `tasks/get` right after must find it. */
  async create(owner: string | undefined): Promise<{ task: StoredTask; running: RunningTask }> {
    const now = Date.now();
    const record: StoredTask = {
      // The global Web Crypto, not node:crypto: a server that never creates a task does not load crypto at start-up.
      taskId: crypto.randomUUID(),
      status: "working",
      createdAt: new Date(now).toISOString(),
      lastUpdatedAt: new Date(now).toISOString(),
      ttlMs: this.ttlMs,
      pollIntervalMs: this.pollIntervalMs,
      expiresAt: now + this.ttlMs,
      ...(owner !== undefined && { owner }),
    };
    const local: Local = { record, abort: new AbortController(), waiting: new Map(), saved: Promise.resolve() };
    this.#local.set(record.taskId, local);
    // Past its TTL the task is forgotten; a handler still running then is stopped.
    setTimeout(() => this.#expire(record.taskId), this.ttlMs).unref();
    await this.#save(local);
    return { task: { ...record }, running: this.#running(local) };
  }

  /** The task as `tasks/get` shows it. Unknown, expired or someone else's: INVALID_PARAMS. */
  async get(taskId: string, owner: string | undefined): Promise<StoredTask> {
    const local = this.#local.get(taskId);
    const task = local ? { ...local.record } : await this.store.load(taskId);
    if (task === undefined || task.expiresAt <= Date.now() || task.owner !== owner) throw unknownTask(taskId);
    return task;
  }

  /** Delivers input responses; keys the task is not waiting for are ignored. */
  async update(taskId: string, owner: string | undefined, responses: Record<string, unknown>): Promise<void> {
    const task = await this.get(taskId, owner);
    if (TERMINAL_STATUSES.has(task.status)) return;
    const local = this.#local.get(taskId);
    if (local) return this.#update(local, responses);
    await this.#forward({ kind: "update", taskId, ...(owner !== undefined && { owner }), responses });
  }

  async #update(local: Local, responses: Record<string, unknown>): Promise<void> {
    const answered = Object.keys(responses).filter((key) => local.waiting.has(key));
    if (answered.length === 0) return;
    const inputRequests = { ...local.record.inputRequests };
    for (const key of answered) delete inputRequests[key];
    this.#change(local, Object.keys(inputRequests).length > 0 ? { inputRequests } : { status: "working" });
    for (const key of answered) {
      const resume = local.waiting.get(key)!;
      local.waiting.delete(key);
      resume(responses[key]);
    }
    await local.saved;
  }

  /** Stops the task: `cancelled` at once, its handler's signal aborted. A task already finished stays as it was. */
  async cancel(taskId: string, owner: string | undefined): Promise<void> {
    const task = await this.get(taskId, owner);
    if (TERMINAL_STATUSES.has(task.status)) return;
    const local = this.#local.get(taskId);
    if (local) return this.#cancel(local);
    await this.#forward({ kind: "cancel", taskId, ...(owner !== undefined && { owner }) });
  }

  async #cancel(local: Local): Promise<void> {
    this.#change(local, { status: "cancelled", statusMessage: "Cancelled by the client" });
    local.abort.abort(new Error("The task was cancelled"));
    await local.saved;
  }

  /**
   * At shutdown: every task this process runs fails ("the server shut down") and its handler's signal is aborted,
   * so clients polling a shared store stop waiting for an outcome that will never come.
   */
  async close(): Promise<void> {
    this.#unlisten?.();
    const running = [...this.#local.values()];
    for (const local of running) {
      this.#finish(local, {
        status: "failed",
        error: { code: WIRE_ERRORS.INTERNAL_ERROR.code, message: "The server shut down while the task was running" },
      });
      local.abort.abort(new Error("The server shut down"));
    }
    await Promise.all(running.map((local) => local.saved));
  }

  #running(local: Local): RunningTask {
    return {
      taskId: local.record.taskId,
      signal: local.abort.signal,
      waitForInput: (key, request) =>
        new Promise((resolve, reject) => {
          if (local.abort.signal.aborted || TERMINAL_STATUSES.has(local.record.status)) {
            reject(local.abort.signal.reason ?? new Error("The task has ended"));
            return;
          }
          local.waiting.set(key, resolve);
          local.abort.signal.addEventListener("abort", () => reject(local.abort.signal.reason), { once: true });
          this.#change(local, {
            status: "input_required",
            inputRequests: { ...local.record.inputRequests, [key]: request },
          });
        }),
      setMessage: (statusMessage) => this.#change(local, { statusMessage }),
      complete: (result) => this.#finish(local, { status: "completed", result }),
      fail: (error) => this.#finish(local, { status: "failed", error }),
    };
  }

  #finish(local: Local, outcome: Pick<StoredTask, "status" | "result" | "error">): void {
    this.#change(local, outcome);
    void local.saved.finally(() => this.#local.delete(local.record.taskId));
  }

  /** Applies a change unless the task already ended (a handler finishing after its cancel changes nothing). */
  #change(local: Local, change: Partial<StoredTask>): void {
    if (TERMINAL_STATUSES.has(local.record.status)) return;
    const record: StoredTask = { ...local.record, ...change, lastUpdatedAt: new Date().toISOString() };
    if (record.status !== "input_required") delete record.inputRequests;
    local.record = record;
    void this.#save(local);
  }

  #save(local: Local): Promise<void> {
    const snapshot = { ...local.record };
    local.saved = local.saved
      .then(() => this.store.save(snapshot))
      .catch((error) => reportFailure(`saving task ${snapshot.taskId} failed`, error));
    return local.saved;
  }

  #expire(taskId: string): void {
    const local = this.#local.get(taskId);
    if (!local) return;
    this.#local.delete(taskId);
    local.abort.abort(new Error("The task outlived its TTL"));
  }

  /** A command another replica relayed here: this process runs the task, or ran it (then it has ended). */
  async #applyHere(command: TaskCommand): Promise<void> {
    const task = await this.get(command.taskId, command.owner);
    if (TERMINAL_STATUSES.has(task.status)) return;
    const local = this.#local.get(command.taskId);
    if (!local) throw notRunningHere(command.taskId);
    await (command.kind === "update" ? this.#update(local, command.responses) : this.#cancel(local));
  }

  /** Stored as running, but not running here: another replica runs it, reached through the store's relay if any. */
  #forward(command: TaskCommand): Promise<void> {
    if (this.store.relay) return this.store.relay.send(command);
    throw notRunningHere(command.taskId);
  }
}

function notRunningHere(taskId: string): ProtocolError {
  return protocolError(
    "INTERNAL_ERROR",
    `Task ${taskId} is not running in this server process: route tasks/* requests by their Mcp-Name header to the replica that created the task, or give every replica a shared task store with a relay (redisTaskStore)`,
  );
}

export function unknownTask(taskId: string): ProtocolError {
  return protocolError("INVALID_PARAMS", `Unknown task: ${taskId}`);
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  // setTimeout, which stops a task at the end of its TTL, fires at once for longer delays.
  if (!Number.isSafeInteger(value) || value <= 0 || value > MAX_DELAY_MS) {
    throw new McpsmithError(
      "E_SERVE_OPTIONS",
      `tasks.${name} must be a whole number of milliseconds from 1 to ${MAX_DELAY_MS}, got ${value}`,
    );
  }
  return value;
}
