// The SQLite connection lives in this worker thread so that a statement past its time can be stopped: the main
// thread terminates the worker (better-sqlite3 runs statements synchronously and cannot be interrupted otherwise),
// and the next call starts another. Reads use a connection opened read-only, with `query_only` on.
import { parentPort, workerData } from "node:worker_threads";
import type { Database as SqliteDatabase, Statement as SqliteStatement } from "better-sqlite3";
import { loadDriver } from "./load-driver.js";

/**
 * A transaction costs one message per statement and one to end it: its first statement says `begin`, and the main
 * thread waits for no reply to a read's end (no `id`: none is sent), since reads change nothing to commit. Each
 * message between the threads is a wake-up of the other one, a large share of a small read's time.
 */
export type WorkerRequest =
  | {
      id: number;
      op: "run";
      /** The first statement of a transaction: the transaction is begun, in this mode, before it runs. */
      begin?: "read" | "write";
      text: string;
      values: unknown[];
      maxRows: number;
      readOnly: boolean;
    }
  | { id?: number; op: "end"; commit: boolean };

export type WorkerReply =
  | {
      id: number;
      ok: true;
      columns?: string[];
      rows?: unknown[][];
      truncated?: boolean;
      changes?: number;
      insertId?: unknown;
    }
  | { id: number; ok: false; message: string; code?: string };

/** The code of a refusal by the checks here (not an error of SQLite): the main thread makes it a ToolError. */
export const REFUSED = "MCPSMITH_REFUSED";

const { filename, writes } = workerData as { filename: string; writes: boolean };
// A missing driver fails the worker with the loader's message, which the main thread passes on.
const module = await loadDriver("better-sqlite3", () => import("better-sqlite3"));
const Database = (module as unknown as { default: new (file: string, options: object) => SqliteDatabase }).default;
const reader = new Database(filename, { readonly: true, fileMustExist: true });
reader.pragma("query_only = 1");
const writer = writes ? new Database(filename, { fileMustExist: true }) : undefined;
let current: SqliteDatabase = reader;

function handle(request: WorkerRequest): WorkerReply {
  if (request.op === "run") {
    if (request.begin) begin(request.begin);
    return run(request);
  }
  if (current.inTransaction) current.exec(request.commit ? "COMMIT" : "ROLLBACK");
  current = reader;
  return { id: request.id ?? 0, ok: true };
}

function begin(mode: "read" | "write"): void {
  if (mode === "write" && writer === undefined) throw new Error("Writes are not enabled.");
  // A transaction still open here is one whose end failed while nothing waited for it: it is over.
  if (current.inTransaction) current.exec("ROLLBACK");
  current = mode === "read" ? reader : writer!;
  current.exec(mode === "read" ? "BEGIN" : "BEGIN IMMEDIATE");
}

function run(request: Extract<WorkerRequest, { op: "run" }>): WorkerReply {
  // prepare() refuses text holding more than one statement: there is no tail to run.
  const statement: SqliteStatement = current.prepare(request.text);
  if (request.readOnly && (!statement.readonly || !statement.reader)) {
    const message = "The query tool runs reads only: this statement would change the database.";
    return { id: request.id, ok: false, message, code: REFUSED };
  }
  statement.safeIntegers(true);
  if (!statement.reader) {
    const info = statement.run(...request.values);
    return { id: request.id, ok: true, changes: info.changes, insertId: info.lastInsertRowid };
  }
  statement.raw(true);
  const columns = statement.columns().map((c) => c.name);
  const rows: unknown[][] = [];
  for (const row of statement.iterate(...request.values) as IterableIterator<unknown[]>) {
    rows.push(row);
    if (rows.length > request.maxRows) break;
  }
  return {
    id: request.id,
    ok: true,
    columns,
    rows: rows.slice(0, request.maxRows),
    truncated: rows.length > request.maxRows,
  };
}

parentPort!.on("message", (request: WorkerRequest) => {
  try {
    const reply = handle(request);
    if (request.id !== undefined) parentPort!.postMessage(reply);
  } catch (error) {
    const { message, code } = error as { message: string; code?: string };
    if (request.id !== undefined)
      parentPort!.postMessage({ id: request.id, ok: false, message, code } satisfies WorkerReply);
  }
});
parentPort!.postMessage({ id: 0, ok: true } satisfies WorkerReply);
