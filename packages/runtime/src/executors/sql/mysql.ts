import type { Connection, Pool, PoolConnection, PoolOptions } from "mysql2";
import type { Statement } from "./dialect.js";
import { type ResultSet, type RunSettings, resultSet, type Session, type SqlDriver, uniqueNames } from "./driver.js";
import { KeptConnection, watchEnd } from "./kept-connection.js";
import { importOptional, loadDriver } from "./load-driver.js";
import { fractionalColumns, withFractions } from "./mysql-fractions.js";
import { checkMysqlReadOnly } from "./mysql-guard.js";
import { type TransactionSteps, transactionsOf } from "./transaction.js";

type Mysql = typeof import("mysql2");

/**
 * The `max_sort_length` sessions sort with: 32 KB, where the default compares a text's first 1,024 bytes. Not the
 * largest (8 MB): a sort buffer (MySQL's 256 KB default, MariaDB's 2 MB) must hold several keys that long, or the
 * server refuses the sort ("Out of sort memory": Sakila's `film_list` view, at 8 MB).
 */
const MAX_SORT_LENGTH = 32_768;

/** A session of mysql2: a transaction on one pooled connection, which a read cut short at its row limit closes. */
interface MysqlSession extends Session {
  affected: number;
  insertId: unknown;
  closed: boolean;
}

/**
 * MySQL and MariaDB through `mysql2`. Reads run in `START TRANSACTION READ ONLY`; every statement is a server-side
 * prepared statement (`multipleStatements` is forced off and the binary protocol runs one statement anyway); each
 * session has `max_execution_time` (MySQL) or `max_statement_time` (MariaDB), a lock wait timeout and a longer
 * `max_sort_length` (below); a call
 * cancelled or past its time is stopped with `KILL QUERY`. `query` text is checked by a parser first (DDL would
 * commit the read-only transaction), and the session it ran in is closed afterwards, so nothing it set lasts.
 */
export async function mysqlDriver(connection: string | PoolOptions): Promise<SqlDriver> {
  const mysql = await loadDriver("mysql2", () => importOptional<Mysql>("mysql2"));
  const lib = ((mysql as unknown as { default?: Mysql }).default ?? mysql) as Mysql;
  const config: PoolOptions = {
    connectionLimit: 4,
    connectTimeout: 10_000,
    ...(typeof connection === "string" ? { uri: connection } : connection),
    // Never user-settable: one statement per call, exact numbers and dates as text, UTC, no LOCAL INFILE.
    multipleStatements: false,
    supportBigNumbers: true,
    bigNumberStrings: true,
    decimalNumbers: false,
    dateStrings: true,
    timezone: "Z",
    maxPreparedStatements: 64,
    flags: ["-LOCAL_FILES"],
  };
  const pool: Pool = lib.createPool(config);
  let flavor: Promise<{ mariadb: boolean; version: number[] }> | undefined;
  let timeoutMs = 0;

  pool.on("connection", (conn) => {
    conn.on("error", () => {});
  });
  const kept = new KeptConnection<PoolConnection>(config.idleTimeout ?? IDLE_MS, (conn) => conn.destroy(), watchEnd);

  async function connect(settings: RunSettings): Promise<PoolConnection> {
    // Its error listener was added when the pool made it (`pool.on("connection")`): one per checkout piled up.
    const conn = await kept.fromPool(
      () =>
        new Promise<PoolConnection>((resolve, reject) => pool.getConnection((e, c) => (e ? reject(e) : resolve(c)))),
    );
    return prepared(conn, settings);
  }

  /** `conn` with the session's time limits of `settings`, set once per connection. */
  async function prepared(conn: PoolConnection, settings: RunSettings): Promise<PoolConnection> {
    flavor ??= plain(conn, "SELECT VERSION() AS v").then(([row]) => {
      const text = String((row as { v: string }).v);
      return { mariadb: /mariadb/i.test(text), version: text.split(/[.-]/).slice(0, 2).map(Number) };
    });
    const { mariadb } = await flavor.catch((error) => {
      flavor = undefined;
      throw error;
    });
    if ((conn as unknown as { mcpsmithTimeout?: number }).mcpsmithTimeout !== settings.timeoutMs) {
      const seconds = Math.max(1, Math.ceil(settings.timeoutMs / 1000));
      await plain(
        conn,
        mariadb
          ? `SET SESSION max_statement_time = ${settings.timeoutMs / 1000}`
          : `SET SESSION max_execution_time = ${Math.round(settings.timeoutMs)}`,
      );
      await plain(conn, `SET SESSION innodb_lock_wait_timeout = ${seconds}`);
      // ORDER BY compares only a string's first max_sort_length bytes (1,024 by default), `<` and `=` the whole
      // string: long texts alike at first (CRMEB's product attributes, JSON) sorted in one order and paged by a
      // cursor in another, and a page repeated or lost rows. A longer length makes the two agree for all but texts
      // alike in their first 32 KB.
      await plain(conn, `SET SESSION max_sort_length = ${MAX_SORT_LENGTH}`);
      (conn as unknown as { mcpsmithTimeout?: number }).mcpsmithTimeout = settings.timeoutMs;
    }
    timeoutMs = settings.timeoutMs;
    return conn;
  }

  const steps: TransactionSteps<PoolConnection, MysqlSession> = {
    acquire(settings, bounded) {
      if (!bounded) kept.yieldTo()?.release();
      const conn = bounded ? kept.take() : undefined;
      if (conn === undefined) return connect(settings);
      // Set up when the pool gave it: its limits are this call's unless the settings changed.
      return (conn as { mcpsmithTimeout?: number }).mcpsmithTimeout === settings.timeoutMs
        ? conn
        : prepared(conn, settings);
    },
    cancelOn: (conn, settings) => killQueryOn(settings, conn, lib, config),
    async begin(conn, mode, _settings, untrusted) {
      const session: MysqlSession = {
        affected: 0,
        insertId: undefined,
        closed: false,
        run: (statement, maxRows) => execute(conn, statement, maxRows, session, untrusted),
      };
      await plain(conn, mode === "read" ? "START TRANSACTION READ ONLY" : "START TRANSACTION");
      return session;
    },
    // The session's time limits are set once per connection (connect): a bounded read needs nothing more.
    async autocommit(conn) {
      const session: MysqlSession = {
        affected: 0,
        insertId: undefined,
        closed: false,
        run: (statement, maxRows) => execute(conn, statement, maxRows, session, false),
      };
      return session;
    },
    async end(conn, session, mode) {
      // A read cut short by its row limit has closed the connection, and with it the transaction.
      if (!session.closed) await plain(conn, mode === "read" ? "ROLLBACK" : "COMMIT");
    },
    async abort(conn, session) {
      if (!session?.closed) await plain(conn, "ROLLBACK");
    },
    // A session that ran model-written SQL, or failed midway, is closed rather than handed to the next call.
    release(conn, { failure, untrusted, bounded }) {
      if (bounded && failure === undefined && kept.keep(conn)) return;
      kept.forget(conn);
      if (untrusted || failure !== undefined) conn.destroy();
      else conn.release();
    },
  };

  const { transaction, untrustedRead } = transactionsOf(steps);
  return {
    transaction,
    async query(sql, settings, maxRows) {
      await checkMysqlReadOnly(sql);
      return untrustedRead(settings, (session) => session.run({ text: sql, values: [] }, maxRows));
    },
    async writeAccess() {
      const conn = await connect({ timeoutMs: timeoutMs || 10_000 });
      try {
        const grants = (await plain(conn, "SHOW GRANTS FOR CURRENT_USER()")).map((row) =>
          String(Object.values(row)[0]),
        );
        const writing = grants.filter((g) =>
          /\b(ALL PRIVILEGES|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|FILE|SUPER)\b/.test(g.split(" ON ")[0]!),
        );
        return writing.length > 0
          ? {
              canWrite: true,
              detail: `The MySQL user has write privileges (${writing.length} grant(s) such as: ${writing[0]!.split(" TO ")[0]}).`,
            }
          : { canWrite: false, detail: "The MySQL user has no write privilege." };
      } finally {
        conn.release();
      }
    },
    async returning(kind) {
      const { mariadb, version } = await (flavor ?? Promise.resolve({ mariadb: false, version: [0, 0] }));
      const [major = 0, minor = 0] = version;
      if (!mariadb) return false;
      return kind === "delete" || (kind === "insert" && (major > 10 || (major === 10 && minor >= 5)));
    },
    close: () => {
      kept.end();
      return new Promise<void>((resolve) => pool.end(() => resolve()));
    },
  };
}

/** How long an unused connection stays open, in the pool or kept for bounded reads (mysql2's default). */
const IDLE_MS = 60_000;

/** Transaction control and settings: text the executor wrote, run as is. */
function plain(conn: Connection, sql: string): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) =>
    conn.query(sql, (e, rows) => (e ? reject(e) : resolve(rows as Record<string, unknown>[]))),
  );
}

/**
 * One prepared statement, rows read as they arrive. The executor's own statements carry a LIMIT, so their rows are
 * read to the end; for `query` text (`stopEarly`), past `maxRows` the connection is destroyed (the server stops
 * sending and the statement is killed), so a huge result is never read whole.
 */
function execute(
  conn: PoolConnection,
  statement: Statement,
  maxRows: number,
  session: MysqlSession,
  stopEarly: boolean,
): Promise<ResultSet> {
  // Read to the end, rows are better collected by mysql2 itself than handed over one event each.
  if (!stopEarly) {
    return new Promise((resolve, reject) => {
      conn.execute(
        { sql: statement.text, rowsAsArray: true },
        statement.values as never[],
        (error: Error | null, result: unknown, fields?: MysqlField[]) => {
          if (error) return reject(error);
          if (!Array.isArray(result)) {
            const header = result as { affectedRows?: number; insertId?: unknown };
            session.affected = header.affectedRows ?? 0;
            session.insertId = header.insertId;
          }
          const columns = uniqueNames((fields ?? []).map((f) => f.name));
          const rows = Array.isArray(result) ? (result as unknown[][]) : [];
          withFractions(rows, fractionalColumns(fields));
          resolve(resultSet(columns, rows, maxRows));
        },
      );
    });
  }
  return new Promise((resolve, reject) => {
    let columns: string[] = [];
    let fractional: [number, number][] = [];
    const rows: unknown[][] = [];
    let settled = false;
    const done = () => {
      withFractions(rows, fractional);
      resolve(resultSet(columns, rows, maxRows));
    };
    const command = conn.execute({ sql: statement.text, rowsAsArray: true }, statement.values as never[]);
    // Statements without rows (INSERT, UPDATE) announce `undefined` fields.
    command.on("fields", (fields: MysqlField[] | undefined) => {
      columns = uniqueNames((fields ?? []).map((f) => f.name));
      fractional = fractionalColumns(fields);
    });
    command.on("result", (row: unknown) => {
      if (settled) return;
      if (!Array.isArray(row)) {
        const header = row as { affectedRows?: number; insertId?: unknown };
        session.affected = header.affectedRows ?? 0;
        session.insertId = header.insertId;
        return;
      }
      if (rows.length <= maxRows) rows.push(row);
      if (rows.length > maxRows && stopEarly) {
        settled = true;
        session.closed = true;
        conn.destroy();
        done();
      }
    });
    command.on("error", (error: Error) => {
      if (!settled) reject(error);
      settled = true;
    });
    command.on("end", () => {
      if (!settled) done();
      settled = true;
    });
  });
}

/** What mysql2 says of a result's column: its name, and its type and precision for `withFractions`. */
interface MysqlField {
  name: string;
  columnType?: number;
  decimals?: number;
}

/** A cancelled call is stopped on the server: `KILL QUERY` from a connection of its own (the pool may be full). */
function killQueryOn(settings: RunSettings, conn: PoolConnection, lib: Mysql, config: PoolOptions): () => void {
  if (settings.cancellation === undefined) return () => {};
  return settings.cancellation.onStop(() => {
    const killer = lib.createConnection({ ...config, connectionLimit: undefined } as never);
    killer.on("error", () => {});
    killer.query(`KILL QUERY ${Number(conn.threadId)}`, () => killer.end());
  });
}
