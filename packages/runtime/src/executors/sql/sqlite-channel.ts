/**
 * The main thread's end of the SQLite worker: requests and their replies, matched by id, and the deadline that
 * stops the worker mid-statement.
 */
import { Worker } from "node:worker_threads";
import { ToolError } from "../../results/tool-error.js";
import type { RunSettings } from "./driver.js";
import { DriverMissingError } from "./load-driver.js";
import type { SqliteDriverName } from "./sqlite-engine.js";
import { REFUSED, type WorkerReply, type WorkerRequest, type WorkerSetup } from "./sqlite-protocol.js";

/** Where the worker's module sits beside this one once built (`dist/executors/sql/`). */
const WORKER_URL = new URL("./sqlite-worker.js", import.meta.url);

export class SqliteTimeout extends Error {}

/** Requests to the worker and their replies, matched by id. */
export class Channel {
  #next = 1;
  readonly #pending = new Map<
    number,
    { resolve: (r: WorkerReply & { ok: true }) => void; reject: (e: Error) => void }
  >();
  dead = false;
  /** The engine the worker runs on, once it started. */
  engine: SqliteDriverName | undefined;

  private constructor(readonly worker: Worker) {
    worker.on("message", (reply: WorkerReply) => {
      const waiting = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply);
      else waiting?.reject(errorOf(reply));
    });
    worker.on("error", (error) => this.#fail(error));
    worker.on("exit", () => this.#fail(new Error("The SQLite worker stopped.")));
  }

  static open(setup: WorkerSetup): Promise<Channel> {
    const ch = new Channel(new Worker(WORKER_URL, { workerData: setup }));
    return new Promise((resolve, reject) => {
      ch.#pending.set(0, {
        resolve: (reply) => {
          ch.engine = reply.engine;
          resolve(ch);
        },
        reject,
      });
    });
  }

  send(
    request: WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, "id"> : never) : never,
  ): Promise<WorkerReply & { ok: true }> {
    if (this.dead) return Promise.reject(new Error("The SQLite worker stopped."));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  /** A request whose reply nobody waits for: the worker sends none. */
  post(request: Extract<WorkerRequest, { op: "end" }>): void {
    if (!this.dead) this.worker.postMessage(request);
  }

  /** Past the time, or when the call is cancelled, the worker is stopped mid-statement. */
  deadline(settings: RunSettings, onStop: () => void): () => void {
    const stop = (error: Error) => {
      onStop();
      this.#fail(error);
      void this.worker.terminate();
    };
    const timer = setTimeout(
      () => stop(new SqliteTimeout(`timed out after ${settings.timeoutMs} ms`)),
      settings.timeoutMs,
    );
    const unlisten = settings.cancellation?.onStop(() => stop(new Error("cancelled")));
    return () => {
      clearTimeout(timer);
      unlisten?.();
    };
  }

  async close(): Promise<void> {
    this.dead = true;
    await this.worker.terminate();
  }

  #fail(error: Error): void {
    this.dead = true;
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }
}

/** A refusal by the worker's checks is meant for the model; a missing engine says what to install. */
function errorOf(reply: Extract<WorkerReply, { ok: false }>): Error {
  if (reply.code === REFUSED) return new ToolError(reply.message);
  if (reply.code === "E_DRIVER_MISSING") return new DriverMissingError("better-sqlite3", reply.message);
  return Object.assign(new Error(reply.message), { code: reply.code });
}
