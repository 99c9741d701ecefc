import type { CallToolResult, InputRequest, ProtocolError } from "@modelcontextprotocol/server";
import { McpsmithError } from "../../errors.js";
import { protocolError, WIRE_ERRORS, wireMessage } from "../../wire-errors.js";
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
  /**
   * How many tasks this process keeps at once (running or finished, until their TTL ends); one more is refused
   * with TOO_MANY_TASKS. Default 10,000.
   */
  maxTasks?: number;
  /** The same per authenticated client (its subject); unauthenticated clients count only toward `maxTasks`. Default 1,000. */
  maxTasksPerClient?: number;
}

const DEFAULT_TASK_TTL_MS = 60 * 60_000;
const DEFAULT_POLL_INTERVAL_MS = 1_000;
const DEFAULT_MAX_TASKS = 10_000;
const DEFAULT_MAX_TASKS_PER_CLIENT = 1_000;
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
  readonly #kept: TaskCount;

  constructor(options: TaskOptions = {}) {
    this.store = options.store ?? new InMemoryTaskStore();
    this.ttlMs = positiveInteger(options.ttlMs, DEFAULT_TASK_TTL_MS, "ttlMs");
    this.pollIntervalMs = positiveInteger(options.pollIntervalMs, DEFAULT_POLL_INTERVAL_MS, "pollIntervalMs");
    this.#kept = new TaskCount(
      positiveCount(options.maxTasks, DEFAULT_MAX_TASKS, "maxTasks"),
      positiveCount(options.maxTasksPerClient, DEFAULT_MAX_TASKS_PER_CLIENT, "maxTasksPerClient"),
    );
    this.#unlisten = this.store.relay?.listen((command) => this.#applyHere(command));
  }

  /**
   * Creates a `working` task and resolves once it is saved: a `tasks/get` right after must find it. Refused with
   * TOO_MANY_TASKS when the process or the client already keeps as many as allowed.
   */
  async create(owner: string | undefined): Promise<{ task: StoredTask; running: RunningTask }> {
    this.#kept.add(owner);
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
    // Past its TTL the task is forgotten (and no longer counted); a handler still running then is stopped.
    setTimeout(() => this.#expire(record.taskId, owner), this.ttlMs).unref();
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

  #expire(taskId: string, owner: string | undefined): void {
    this.#kept.remove(owner);
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

/** How many tasks within their TTL this process keeps, in all and per authenticated client. */
class TaskCount {
  #total = 0;
  readonly #byOwner = new Map<string, number>();

  constructor(
    readonly max: number,
    readonly maxPerClient: number,
  ) {}

  /** Counts one more, or throws TOO_MANY_TASKS (counting nothing) when a cap is reached. */
  add(owner: string | undefined): void {
    const owned = owner === undefined ? 0 : (this.#byOwner.get(owner) ?? 0);
    if (this.#total >= this.max) {
      throw tooManyTasks(`this server keeps ${this.max} tasks at most; retry once older ones expire`);
    }
    if (owned >= this.maxPerClient) {
      throw tooManyTasks(`a client keeps ${this.maxPerClient} tasks at most; retry once older ones expire`);
    }
    this.#total += 1;
    if (owner !== undefined) this.#byOwner.set(owner, owned + 1);
  }

  remove(owner: string | undefined): void {
    this.#total -= 1;
    if (owner === undefined) return;
    const owned = (this.#byOwner.get(owner) ?? 1) - 1;
    if (owned === 0) this.#byOwner.delete(owner);
    else this.#byOwner.set(owner, owned);
  }
}

function tooManyTasks(detail: string): ProtocolError {
  return protocolError("TOO_MANY_TASKS", wireMessage("TOO_MANY_TASKS", detail));
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

function positiveCount(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new McpsmithError("E_SERVE_OPTIONS", `tasks.${name} must be a positive whole number, got ${value}`);
  }
  return value;
}
