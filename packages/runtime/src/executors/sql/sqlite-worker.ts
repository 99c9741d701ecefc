// The SQLite connection lives in this worker thread so that a statement past its time can be stopped: the main
// thread terminates the worker (both engines run statements synchronously and cannot be interrupted otherwise),
// and the next call starts another. Reads use a connection opened read-only, with `query_only` on.
import { parentPort, workerData } from "node:worker_threads";
import { DriverMissingError } from "./load-driver.js";
import { loadSqliteEngine } from "./load-sqlite.js";
import type { SqliteConnection, SqliteEngine } from "./sqlite-engine.js";
import { REFUSED, type WorkerReply, type WorkerRequest, type WorkerSetup } from "./sqlite-protocol.js";

const { filename, writes, driver } = workerData as WorkerSetup;

/** The engine and the two connections, opened once: reads on the read-only one. */
class Connections {
  readonly reader: SqliteConnection;
  readonly writer: SqliteConnection | undefined;
  current: SqliteConnection;
  /** Whether `current` has a transaction open; kept here, as node:sqlite does not say. */
  open = false;

  constructor(readonly engine: SqliteEngine) {
    this.reader = engine.open(filename, { readOnly: true });
    this.reader.exec("PRAGMA query_only = 1");
    this.writer = writes ? engine.open(filename, { readOnly: false }) : undefined;
    this.current = this.reader;
  }

  begin(mode: "read" | "write"): void {
    if (mode === "write" && this.writer === undefined) throw new Error("Writes are not enabled.");
    // A transaction still open here is one whose end failed while nothing waited for it: it is over.
    if (this.open) this.end(false);
    this.current = mode === "read" ? this.reader : this.writer!;
    this.current.exec(mode === "read" ? "BEGIN" : "BEGIN IMMEDIATE");
    this.open = true;
  }

  end(commit: boolean): void {
    if (this.open) {
      try {
        this.current.exec(commit ? "COMMIT" : "ROLLBACK");
      } catch (error) {
        // SQLite has already rolled back what a failed statement left (the transaction is gone): nothing to end.
        if (commit || !/no transaction is active/.test(String((error as Error).message))) throw error;
      }
    }
    this.open = false;
    this.current = this.reader;
  }
}

function handle(db: Connections, request: WorkerRequest): WorkerReply {
  if (request.op === "run") {
    if (request.begin) db.begin(request.begin);
    return run(db.current, request);
  }
  db.end(request.commit);
  return { id: request.id ?? 0, ok: true };
}

function run(connection: SqliteConnection, request: Extract<WorkerRequest, { op: "run" }>): WorkerReply {
  const statement = connection.prepare(request.text);
  if (request.readOnly && (statement.readonly === false || !statement.reader)) {
    const message = "The query tool runs reads only: this statement would change the database.";
    return { id: request.id, ok: false, message, code: REFUSED };
  }
  if (!statement.reader) {
    const info = statement.run(request.values);
    return { id: request.id, ok: true, changes: info.changes, insertId: info.lastInsertRowid };
  }
  const rows = statement.rows(request.values, request.maxRows + 1);
  return {
    id: request.id,
    ok: true,
    columns: statement.columns(),
    rows: rows.slice(0, request.maxRows),
    truncated: rows.length > request.maxRows,
  };
}

function failure(id: number, error: unknown, engine: SqliteEngine | undefined): WorkerReply {
  const { message } = error as { message: string };
  const code = error instanceof DriverMissingError ? error.code : engine?.codeOf(error);
  return { id, ok: false, message, ...(code !== undefined && { code }) };
}

// A failure to start (no engine, a file that is not a database) is the reply to the start-up request, id 0.
let engine: SqliteEngine | undefined;
try {
  engine = await loadSqliteEngine(driver);
  const db = new Connections(engine);
  parentPort!.on("message", (request: WorkerRequest) => {
    try {
      const reply = handle(db, request);
      if (request.id !== undefined) parentPort!.postMessage(reply);
    } catch (error) {
      if (request.id !== undefined) parentPort!.postMessage(failure(request.id, error, engine));
    }
  });
  parentPort!.postMessage({ id: 0, ok: true, engine: engine.name } satisfies WorkerReply);
} catch (error) {
  parentPort!.postMessage(failure(0, error, engine));
  parentPort!.close();
}
