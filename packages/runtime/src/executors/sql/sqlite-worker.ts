// The SQLite connection lives in this worker thread so that a statement past its time can be stopped: the main
// thread terminates the worker (better-sqlite3 runs statements synchronously and cannot be interrupted otherwise),
// and the next call starts another. Reads use a connection opened read-only, with `query_only` on.
import { parentPort, workerData } from "node:worker_threads";
import type { Database as SqliteDatabase, Statement as SqliteStatement } from "better-sqlite3";
import { loadDriver } from "./load-driver.js";

export type WorkerRequest =
  | { id: number; op: "begin"; mode: "read" | "write" }
  | { id: number; op: "commit" | "rollback" }
  | { id: number; op: "run"; text: string; values: unknown[]; maxRows: number; readOnly: boolean };

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
  switch (request.op) {
    case "begin":
      if (request.mode === "write" && writer === undefined) throw new Error("Writes are not enabled.");
      current = request.mode === "read" ? reader : writer!;
      current.exec(request.mode === "read" ? "BEGIN" : "BEGIN IMMEDIATE");
      return { id: request.id, ok: true };
    case "commit":
    case "rollback":
      if (current.inTransaction) current.exec(request.op === "commit" ? "COMMIT" : "ROLLBACK");
      current = reader;
      return { id: request.id, ok: true };
    case "run":
      return run(request);
  }
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
    parentPort!.postMessage(handle(request));
  } catch (error) {
    const { message, code } = error as { message: string; code?: string };
    parentPort!.postMessage({ id: request.id, ok: false, message, code } satisfies WorkerReply);
  }
});
parentPort!.postMessage({ id: 0, ok: true } satisfies WorkerReply);
