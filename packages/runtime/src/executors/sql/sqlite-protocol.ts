/**
 * The messages between the SQLite driver (main thread) and its worker, and what the worker starts with. Its own
 * module, so that the main thread never loads the worker's.
 */
import type { SqliteDriverChoice, SqliteDriverName } from "./sqlite-engine.js";

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
      /** In the start-up reply: the engine the worker runs on, which the main thread's bounded reads use too. */
      engine?: SqliteDriverName;
    }
  | { id: number; ok: false; message: string; code?: string };

/** The code of a refusal by the worker's own checks (not an error of SQLite): the main thread makes it a ToolError. */
export const REFUSED = "MCPSMITH_REFUSED";

/** What the worker starts with: the file, whether it may write, and the engine to run on. */
export interface WorkerSetup {
  filename: string;
  writes: boolean;
  driver: SqliteDriverChoice;
}
