import type { CallToolResult, InputRequest } from "@modelcontextprotocol/server";

/** The lifecycle of a task (SEP-2663). `completed`, `failed` and `cancelled` are terminal: nothing changes after. */
export type TaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";

export const TERMINAL_STATUSES: ReadonlySet<TaskStatus> = new Set(["completed", "failed", "cancelled"]);

/** A JSON-RPC error, the shape a `failed` task reports. */
export interface TaskError {
  code: number;
  message: string;
  data?: unknown;
}

/** Everything a `tasks/get` answer is built from: what any replica must be able to read. */
export interface StoredTask {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** ISO-8601. */
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number;
  pollIntervalMs: number;
  /** When the task is forgotten (epoch ms): `createdAt + ttlMs`. */
  expiresAt: number;
  /** The tool result of a `completed` task. */
  result?: CallToolResult;
  /** The protocol error of a `failed` task. */
  error?: TaskError;
  /** What an `input_required` task waits for, by key. */
  inputRequests?: Record<string, InputRequest>;
  /** The authenticated client that created the task, when there is one: nobody else can see or touch it. */
  owner?: string;
}

/**
 * Where task state lives between requests. The default keeps it in this process; replicas behind a load balancer
 * need one shared store (Redis, a database) so a `tasks/get` can reach any of them.
 */
export interface TaskStore {
  /** Saves a new or changed task. Once this resolves, `load` on every replica sees it. */
  save(task: StoredTask): Promise<void>;
  /** The task, or undefined when it is unknown or past `expiresAt`. */
  load(taskId: string): Promise<StoredTask | undefined>;
  /**
   * How a store shared by replicas carries `tasks/update` and `tasks/cancel` to the one process that runs the task
   * (its handler and abort signal cannot be stored). Without it, those requests must reach that process.
   */
  relay?: TaskRelay;
}

/** What only the process running a task can do, sent from another replica (the owner was checked by the sender). */
export type TaskCommand =
  | { kind: "update"; taskId: string; owner?: string; responses: Record<string, unknown> }
  | { kind: "cancel"; taskId: string; owner?: string };

export interface TaskRelay {
  /** Applies the commands other replicas send to the tasks this process runs; returns a function that stops. */
  listen(apply: (command: TaskCommand) => Promise<void>): () => void;
  /**
   * Delivers a command to the process running the task; resolves once it was applied there. Rejects with a
   * `ProtocolError` (its message is what the client reads) when it could not be: that process is gone, say.
   */
  send(command: TaskCommand): Promise<void>;
}

/** Tasks in a Map, each forgotten when its TTL runs out. */
export class InMemoryTaskStore implements TaskStore {
  readonly #tasks = new Map<string, StoredTask>();

  async save(task: StoredTask): Promise<void> {
    if (!this.#tasks.has(task.taskId)) this.#forgetAt(task.taskId, task.expiresAt);
    this.#tasks.set(task.taskId, structuredClone(task));
  }

  async load(taskId: string): Promise<StoredTask | undefined> {
    const task = this.#tasks.get(taskId);
    if (task === undefined || task.expiresAt <= Date.now()) return undefined;
    return structuredClone(task);
  }

  /** One unref'd timer per task (pending expiries never keep the process alive), re-armed past setTimeout's cap. */
  #forgetAt(taskId: string, expiresAt: number): void {
    const wait = expiresAt - Date.now();
    setTimeout(
      () => (wait > MAX_TIMER_MS ? this.#forgetAt(taskId, expiresAt) : this.#tasks.delete(taskId)),
      Math.max(0, Math.min(wait, MAX_TIMER_MS)),
    ).unref();
  }
}

/** setTimeout fires at once for delays above 2^31-1 ms (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
