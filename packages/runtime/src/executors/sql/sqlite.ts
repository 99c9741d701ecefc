import { existsSync } from "node:fs";
import { resultSet, type Session, type SqlDriver, uniqueNames } from "./driver.js";
import { checkReadOnlySql } from "./read-guard.js";
import { Channel } from "./sqlite-channel.js";
import type { SqliteDriverChoice } from "./sqlite-engine.js";
import { MainThreadReader } from "./sqlite-main.js";
import { type TransactionSteps, transactionsOf } from "./transaction.js";

/**
 * SQLite in a worker thread, on better-sqlite3 or node:sqlite (load-sqlite.ts): reads on a connection opened
 * read-only (with `query_only`), `query` text checked for one read statement and by SQLite itself (a statement
 * that returns no rows is refused; better-sqlite3 also says beforehand whether one writes, node:sqlite leaves that to
 * the read-only connection). A call past its time, or cancelled, terminates the worker; the next call opens the
 * database again. Calls take turns: one connection, one transaction at a time. Bounded reads (a page or a row found
 * through the primary key) are answered on the main thread instead (sqlite-main.ts), when it can.
 */
export function sqliteDriver(filename: string, options: { writes: boolean; driver: SqliteDriverChoice }): SqlDriver {
  if (!existsSync(filename)) {
    throw Object.assign(new Error("The SQLite database file does not exist."), { code: "SQLITE_CANTOPEN" });
  }
  let worker: Promise<Channel> | undefined;
  let turn: Promise<void> = Promise.resolve();

  function channel(): Promise<Channel> {
    worker ??= Channel.open({ filename, writes: options.writes, driver: options.driver }).catch((error) => {
      worker = undefined;
      throw error;
    });
    return worker;
  }

  const steps: TransactionSteps<Turn, SqliteSession> = {
    async acquire() {
      // Calls take turns: the next transaction waits until this one's turn is done (released, below).
      const previous = turn;
      let done = () => {};
      turn = new Promise<void>((resolve) => {
        done = resolve;
      });
      await previous;
      try {
        return { channel: await channel(), done };
      } catch (error) {
        done();
        throw error;
      }
    },
    cancelOn: (held, settings) =>
      held.channel.deadline(settings, () => {
        worker = undefined;
      }),
    // Begun by its first statement, if it has one: one message to the worker fewer.
    async begin(held, mode) {
      const session: SqliteSession = {
        affected: 0,
        insertId: undefined,
        begun: false,
        committed: false,
        run: async (statement, maxRows) => {
          const first = !session.begun;
          session.begun = true;
          const reply = await held.channel.send({
            op: "run",
            ...(first && { begin: mode }),
            text: statement.text,
            values: statement.values,
            maxRows,
            readOnly: mode === "read",
          });
          session.affected = reply.changes ?? 0;
          session.insertId = reply.insertId;
          const columns = uniqueNames(reply.columns ?? []);
          const read = resultSet(columns, reply.rows ?? [], maxRows);
          // The worker read one row past the limit at most, and said whether there were more.
          read.truncated = reply.truncated ?? false;
          return read;
        },
      };
      return session;
    },
    async end(held, session, mode) {
      if (!session.begun) return;
      // A commit can fail: it is waited for.
      if (mode === "write") {
        await held.channel.send({ op: "end", commit: true });
        session.committed = true;
      } else rollBackLater(held, session);
    },
    abort: (held, session) => rollBackLater(held, session),
    // A read (or a failed write) is rolled back after its caller has the result: every message to the worker wakes
    // it, which on a busy machine costs as much as the read itself, and nothing waits for a rollback. The next
    // transaction waits for it (the worker takes messages in order), so a read's lock lasts one turn of the event
    // loop longer, and the answer goes out first.
    release: (held) =>
      setImmediate(() => {
        held.deferredEnd?.();
        held.done();
      }),
  };

  const { transaction, untrustedRead } = transactionsOf(steps);
  const main = new MainThreadReader(filename);
  return {
    async transaction(mode, settings, work, hint) {
      if (mode === "read" && hint?.bounded) {
        // The worker opens first, as ever (what fails to open fails there): its engine is the main thread's too.
        const engine = (await channel().catch(() => undefined))?.engine;
        const answered = engine === undefined ? undefined : await main.read(engine, work);
        if (answered !== undefined) return answered.value;
      }
      return transaction(mode, settings, work);
    },
    query(sql, settings, maxRows) {
      const text = checkReadOnlySql(sql, "sqlite");
      // Here nothing is left to reset after it: reads run on a connection opened read-only with `query_only`,
      // whose settings the guard keeps `query` text from changing (no PRAGMA, no ATTACH).
      return untrustedRead(settings, (session) => session.run({ text, values: [] }, maxRows));
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
      main.close();
      const open = worker;
      worker = undefined;
      if (open) await (await open.catch(() => undefined))?.close();
    },
  };
}

/** One transaction's hold on the worker: its turn, and the end it leaves to run once its caller has the result. */
interface Turn {
  channel: Channel;
  done: () => void;
  deferredEnd?: () => void;
}

/** A transaction on the worker's connection, begun by its first statement. */
interface SqliteSession extends Session {
  affected: number;
  insertId: unknown;
  begun: boolean;
  committed: boolean;
}

/** The rollback of a transaction begun and not committed, posted once its caller has the result (see release). */
function rollBackLater(held: Turn, session: SqliteSession | undefined): void {
  if (session?.begun && !session.committed) held.deferredEnd = () => held.channel.post({ op: "end", commit: false });
}
