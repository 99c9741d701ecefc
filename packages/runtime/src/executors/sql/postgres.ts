import type { Client, Pool, PoolClient, PoolConfig, QueryArrayConfig, QueryArrayResult, QueryResult } from "pg";
import type { Statement } from "./dialect.js";
import { type ResultSet, type RunSettings, resultSet, type Session, type SqlDriver, uniqueNames } from "./driver.js";
import { KeptConnection, watchEnd } from "./kept-connection.js";
import { importOptional, loadDriver } from "./load-driver.js";
import { defaultToSystemUser } from "./pg-user.js";
import { checkReadOnlySql } from "./read-guard.js";
import { type TransactionSteps, transactionsOf } from "./transaction.js";

/** A session of pg: a transaction on one pooled client. */
interface PostgresSession extends Session {
  readonly untrusted: boolean;
}

/**
 * Types read as their text: dates and times (JavaScript Dates would lose the zone, the precision or the day),
 * intervals and geometric types (pg makes objects of them; their text is what the column's schema says), the
 * arrays of all these, and numeric[] (pg makes floats of its items, which loses digits; money[] is read as it).
 */
const TEXT_TYPES = new Set([
  1082, 1083, 1114, 1184, 1266, 1182, 1183, 1115, 1185, 1270, 1186, 1187, 600, 718, 1017, 719, 1231,
]);

/**
 * PostgreSQL through `pg`. Reads run in `BEGIN READ ONLY` with `SET LOCAL statement_timeout` and `lock_timeout`,
 * always by the extended protocol (one statement per message: a `COMMIT; ...` in the text is a syntax error, not
 * an escape). `query` text goes through a cursor (`DECLARE ... NO SCROLL CURSOR FOR`, which takes only reads) and
 * `FETCH`es one row more than the limit, so the server stops there whatever the statement (UNION ALL, CTEs, ...).
 * After `query`, `DISCARD ALL` resets the session so nothing it set reaches the next call.
 */
export async function postgresDriver(connection: string | PoolConfig): Promise<SqlDriver> {
  const pg = await loadDriver("pg", () => importOptional<typeof import("pg")>("pg"));
  const {
    Pool: PoolClass,
    Client: ClientClass,
    types,
    defaults,
  } = (pg as unknown as { default?: typeof pg }).default ?? pg;
  defaultToSystemUser({ defaults });
  const getTypeParser = ((oid: number, format?: "text" | "binary") =>
    TEXT_TYPES.has(oid) ? (value: string) => value : types.getTypeParser(oid, format)) as typeof types.getTypeParser;
  const config: PoolConfig = typeof connection === "string" ? { connectionString: connection } : { ...connection };
  const pool: Pool = new PoolClass({
    max: 4,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: IDLE_MS,
    ...config,
    types: { getTypeParser },
  });
  // Destroyed, not given back: released with an error, pg-pool closes a client.
  const kept = new KeptConnection<PoolClient>(
    config.idleTimeoutMillis ?? IDLE_MS,
    (client) => client.release(true),
    watchEnd,
  );
  // A connection that dies while idle (server restart) is dropped by the pool; the next call opens another.
  pool.on("error", () => {});
  // A connection that dies while checked out but between statements reports on the client: never an uncaught error.
  pool.on("connect", (client) => client.on("error", () => {}));

  const steps: TransactionSteps<PoolClient, PostgresSession> = {
    acquire(_settings, bounded) {
      if (bounded) return kept.take() ?? kept.fromPool(() => pool.connect());
      kept.yieldTo()?.release();
      return kept.fromPool(() => pool.connect());
    },
    cancelOn: (client, settings) =>
      cancelOn(settings, client, () => {
        const { max: _max, idleTimeoutMillis: _idle, ...single } = config;
        return new ClientClass({ connectionTimeoutMillis: 10_000, ...single });
      }),
    async begin(client, mode, settings, untrusted) {
      const ms = Math.max(1, Math.round(settings.timeoutMs));
      // One round trip (the simple protocol takes several statements; none holds a value from the arguments).
      // SET LOCAL ends with the transaction, so nothing here outlives the call. Intervals are written in ISO 8601
      // (`P1DT2H`), the form their schema says, instead of the session's style.
      await queryOf(
        client,
        `${mode === "read" ? "BEGIN READ ONLY" : "BEGIN"}; SET LOCAL statement_timeout = ${ms}; ` +
          `SET LOCAL lock_timeout = ${ms}; SET LOCAL idle_in_transaction_session_timeout = ${ms * 2}; ` +
          "SET LOCAL intervalstyle = 'iso_8601'",
      );
      const session: PostgresSession = {
        affected: 0,
        insertId: undefined,
        untrusted,
        run: (statement, maxRows) => run(client, statement, maxRows, session),
      };
      return session;
    },
    // What `begin` sets for a transaction, set for the session once (until DISCARD ALL resets it): a bounded read
    // then runs alone. Transactions still set their own (LOCAL) values, the same ones.
    async autocommit(client, settings) {
      const ms = Math.max(1, Math.round(settings.timeoutMs));
      const held = client as PoolClient & { mcpsmithTimeout?: number; mcpsmithDrop?: boolean };
      if (held.mcpsmithTimeout !== ms) {
        await queryOf(
          client,
          `SET statement_timeout = ${ms}; SET lock_timeout = ${ms}; SET intervalstyle = 'iso_8601'`,
        );
        held.mcpsmithTimeout = ms;
      }
      const session: PostgresSession = {
        affected: 0,
        insertId: undefined,
        untrusted: false,
        run: async (statement, maxRows) => {
          try {
            return await run(client, statement, maxRows, session, named.of(client, statement.text));
          } catch (error) {
            // A prepared statement that failed (a table changed under it) is not kept: the connection goes.
            held.mcpsmithDrop = true;
            throw error;
          }
        },
      };
      return session;
    },
    async end(client, session, mode) {
      await queryOf(client, mode === "read" ? "ROLLBACK" : "COMMIT");
      // What `query` text set for the session (SET, PREPARE, a temporary table) ends with it.
      if (session.untrusted) {
        (client as PoolClient & { mcpsmithTimeout?: number }).mcpsmithTimeout = undefined;
        await queryOf(client, "DISCARD ALL");
        // DISCARD ALL deallocated the prepared statements too: pg must prepare them again.
        named.forget(client);
      }
    },
    async abort(client) {
      await queryOf(client, "ROLLBACK");
    },
    // After a failure the session may hold anything (a cancelled statement, an aborted transaction): drop it.
    release(client, { failure, untrusted, bounded }) {
      if (bounded && failure === undefined && kept.keep(client)) return;
      kept.forget(client);
      client.release(
        failure !== undefined &&
          (untrusted || isConnectionError(failure) || (client as { mcpsmithDrop?: boolean }).mcpsmithDrop)
          ? failure
          : undefined,
      );
    },
  };
  const named = new NamedStatements();

  const { transaction, untrustedRead } = transactionsOf(steps);
  return {
    transaction,
    async query(sql, settings, maxRows) {
      const text = checkReadOnlySql(sql, "postgres");
      return untrustedRead(settings, async (session) => {
        await session.run({ text: `DECLARE mcpsmith_query NO SCROLL CURSOR FOR ${text}\n`, values: [] }, 0);
        return session.run({ text: `FETCH ${maxRows + 1} FROM mcpsmith_query`, values: [] }, maxRows);
      });
    },
    async writeAccess() {
      const { rows } = await pool.query(
        `SELECT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
          EXISTS (SELECT 1 FROM information_schema.table_privileges WHERE grantee = current_user
            AND privilege_type IN ('INSERT','UPDATE','DELETE','TRUNCATE')
            AND table_schema NOT IN ('pg_catalog','information_schema')) AS granted,
          EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE c.relkind IN ('r','p') AND n.nspname NOT IN ('pg_catalog','information_schema')
            AND pg_has_role(current_user, c.relowner, 'USAGE')) AS owns`,
      );
      const { superuser, granted, owns } = rows[0] as { superuser: boolean; granted: boolean; owns: boolean };
      const reasons = [
        superuser && "is a superuser",
        owns && "owns tables",
        granted && "has INSERT/UPDATE/DELETE grants",
      ];
      const found = reasons.filter(Boolean) as string[];
      return found.length > 0
        ? { canWrite: true, detail: `The PostgreSQL role ${found.join(", ")}: it could change data if a guard failed.` }
        : { canWrite: false, detail: "The PostgreSQL role has no write privilege on any table." };
    },
    async returning() {
      return true;
    },
    close: () => {
      kept.end();
      return pool.end();
    },
  };
}

async function run(
  client: PoolClient,
  statement: Statement,
  maxRows: number,
  session: { affected: number },
  name?: string,
): Promise<ResultSet> {
  // Parse, bind, execute: one statement per message, whatever the text holds (`queryMode` is missing from pg's types).
  // A named statement is parsed once per connection: later runs only bind and execute it.
  const config = {
    text: statement.text,
    values: statement.values,
    rowMode: "array",
    queryMode: "extended",
    ...(name !== undefined && { name }),
  };
  const result = await queryOf<QueryArrayResult>(client, config as QueryArrayConfig);
  const fields = result.fields ?? [];
  const columns = uniqueNames(fields.map((f) => f.name));
  session.affected = result.rowCount ?? 0;
  return resultSet(columns, result.rows as unknown[][], maxRows);
}

/**
 * `client.query` in its callback form. Its promise form (a promise and a `.catch` of it per query) kept each
 * result reachable across young-generation collections, found with `--trace-gc-nvp` on a loop of 100-row reads:
 * about 3.5 MB promoted at every scavenge and scavenges of 13-17 ms, some 90 µs of garbage collection per read,
 * where the callback form, resolving a promise of our own, promotes nothing and scavenges in under a millisecond.
 */
function queryOf<R = QueryResult>(client: PoolClient, config: string | QueryArrayConfig): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    client.query(config as QueryArrayConfig, (error: Error | null, result: QueryArrayResult) =>
      error ? reject(error) : resolve(result as R),
    );
  });
}

/**
 * Names for the statements of bounded reads, which the executor writes alike on every call of a tool: each is
 * prepared once per connection (pg remembers which it prepared on each), so the server neither parses nor plans it
 * again. Only where pg keeps that record where it is looked for, and for a bounded number of texts.
 */
class NamedStatements {
  readonly #names = new Map<string, string>();

  of(client: PoolClient, text: string): string | undefined {
    if (preparedOf(client) === undefined) return undefined;
    let name = this.#names.get(text);
    if (name === undefined && this.#names.size < KEPT_STATEMENTS) {
      name = `mcpsmith_${this.#names.size + 1}`;
      this.#names.set(text, name);
    }
    return name;
  }

  /** The connection's prepared statements are gone (DISCARD ALL): pg is told. */
  forget(client: PoolClient): void {
    const prepared = preparedOf(client);
    if (prepared === undefined) return;
    prepared.parsedStatements = {};
    prepared.submittedNamedStatements = {};
  }
}

const KEPT_STATEMENTS = 500;
/** How long an unused connection stays open, in the pool or kept for bounded reads (pg-pool's setting). */
const IDLE_MS = 30_000;

/** pg's record of the statements a connection prepared (pg 8), or undefined where it is not found. */
function preparedOf(client: PoolClient): { parsedStatements: object; submittedNamedStatements: object } | undefined {
  const connection = (client as unknown as { connection?: Record<string, unknown> }).connection;
  const ok =
    typeof connection?.parsedStatements === "object" && typeof connection.submittedNamedStatements === "object";
  return ok ? (connection as unknown as { parsedStatements: object; submittedNamedStatements: object }) : undefined;
}

/**
 * A cancelled call stops its statement on the server: `pg_cancel_backend` from a connection of its own, not the
 * pool's, which may have none free (a pool of one holds only the connection running the statement).
 */
function cancelOn(settings: RunSettings, client: PoolClient, connect: () => Client): () => void {
  const pid = (client as unknown as { processID?: number }).processID;
  if (settings.cancellation === undefined || pid === undefined) return () => {};
  return settings.cancellation.onStop(() => {
    const canceller = connect();
    canceller.on("error", () => {});
    canceller
      .connect()
      .then(() => canceller.query("SELECT pg_cancel_backend($1)", [pid]))
      .catch(() => {})
      .finally(() => canceller.end().catch(() => {}));
  });
}

function isConnectionError(error: Error): boolean {
  const code = (error as { code?: string }).code;
  return code === undefined || code.startsWith("08") || code === "57P01" || code === "ECONNRESET";
}
