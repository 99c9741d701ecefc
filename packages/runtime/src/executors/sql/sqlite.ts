import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { ToolError } from "../../results/tool-error.js";
import type { Statement } from "./dialect.js";
import { type ResultSet, type RunSettings, type Session, type SqlDriver, toObjects, uniqueNames } from "./driver.js";
import { checkReadOnlySql } from "./read-guard.js";
import type { WorkerReply, WorkerRequest } from "./sqlite-worker.js";

/** Where the worker's module sits beside this one once built (`dist/executors/sql/`). */
const WORKER_URL = new URL("./sqlite-worker.js", import.meta.url);

export class SqliteTimeout extends Error {}

/**
 * SQLite through `better-sqlite3` (12.x), in a worker thread: reads on a connection opened read-only (with
 * `query_only`), `query` text checked for one read statement and by SQLite itself (`stmt.readonly`, `stmt.reader`,
 * and `prepare()` refuses a tail). A call past its time, or cancelled, terminates the worker; the next call opens
 * the database again. Calls take turns: one connection, one transaction at a time.
 */
export function sqliteDriver(filename: string, options: { writes: boolean }): SqlDriver {
  if (!existsSync(filename)) {
    throw Object.assign(new Error("The SQLite database file does not exist."), { code: "SQLITE_CANTOPEN" });
  }
  let worker: Promise<Channel> | undefined;
  let turn: Promise<unknown> = Promise.resolve();

  function channel(): Promise<Channel> {
    worker ??= Channel.open(filename, options.writes).catch((error) => {
      worker = undefined;
      throw error;
    });
    return worker;
  }

  function transaction<T>(mode: "read" | "write", settings: RunSettings, work: (s: Session) => Promise<T>): Promise<T> {
    // What ends the transaction once the caller has its result (see below); set when there is one to end.
    let end: (() => void) | undefined;
    const next = turn.then(async () => {
      const ch = await channel();
      const stop = ch.deadline(settings, () => {
        worker = undefined;
      });
      // Begun by its first statement, if it has one.
      let begun = false;
      let committed = false;
      try {
        const session = {
          affected: 0,
          insertId: undefined as unknown,
          run: async (s: Statement, maxRows: number): Promise<ResultSet> => {
            const first = !begun;
            begun = true;
            const reply = await ch.send({
              op: "run",
              ...(first && { begin: mode }),
              text: s.text,
              values: s.values,
              maxRows,
              readOnly: mode === "read",
            });
            session.affected = reply.changes ?? 0;
            session.insertId = reply.insertId;
            const columns = uniqueNames(reply.columns ?? []);
            return { columns, rows: toObjects(columns, reply.rows ?? []), truncated: reply.truncated ?? false };
          },
        };
        const result = await work(session);
        // A commit can fail: it is waited for.
        if (begun && mode === "write") {
          await ch.send({ op: "end", commit: true });
          committed = true;
        }
        return result;
      } finally {
        stop();
        if (begun && !committed) end = () => ch.post({ op: "end", commit: false });
      }
    });
    // A read (or a failed write) is rolled back after its caller has the result: every message to the worker wakes
    // it, which on a busy machine costs as much as the read itself, and nothing waits for a rollback. The next
    // transaction waits for it (the worker takes messages in order), so a read's lock lasts one turn of the event
    // loop longer, and the answer goes out first.
    const settled = () =>
      new Promise<void>((resolve) =>
        setImmediate(() => {
          end?.();
          resolve();
        }),
      );
    turn = next.then(settled, settled);
    return next;
  }

  return {
    transaction,
    query(sql, settings, maxRows) {
      const text = checkReadOnlySql(sql, "sqlite");
      return transaction("read", settings, (session) => session.run({ text, values: [] }, maxRows));
    },
    async writeAccess() {
      return options.writes
        ? { canWrite: true, detail: "The SQLite file is opened for writing (writes are enabled)." }
        : { canWrite: false, detail: "The SQLite file is opened read-only." };
    },
    async returning() {
      return true;
    },
    async close() {
      const open = worker;
      worker = undefined;
      if (open) await (await open.catch(() => undefined))?.close();
    },
  };
}

/** Requests to the worker and their replies, matched by id. */
class Channel {
  #next = 1;
  readonly #pending = new Map<
    number,
    { resolve: (r: WorkerReply & { ok: true }) => void; reject: (e: Error) => void }
  >();
  dead = false;

  private constructor(readonly worker: Worker) {
    worker.on("message", (reply: WorkerReply) => {
      const waiting = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply);
      else if (reply.code === "MCPSMITH_REFUSED") waiting?.reject(new ToolError(reply.message));
      else waiting?.reject(Object.assign(new Error(reply.message), { code: reply.code }));
    });
    worker.on("error", (error) => this.#fail(error));
    worker.on("exit", () => this.#fail(new Error("The SQLite worker stopped.")));
  }

  static open(filename: string, writes: boolean): Promise<Channel> {
    const ch = new Channel(new Worker(WORKER_URL, { workerData: { filename, writes } }));
    return new Promise((resolve, reject) => {
      ch.#pending.set(0, { resolve: () => resolve(ch), reject });
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
    const abort = () => stop(new Error("cancelled"));
    settings.signal?.addEventListener("abort", abort, { once: true });
    return () => {
      clearTimeout(timer);
      settings.signal?.removeEventListener("abort", abort);
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
