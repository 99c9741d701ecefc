import { traceStatement } from "../../telemetry/client-spans.js";
import type { SqlDriver } from "./driver.js";
import type { SqlDatabase } from "./model.js";

/**
 * A driver whose every statement is a client span of the request's trace (telemetry/): the executor's statements
 * with their placeholders, the `query` tool's SQL with its literals replaced. Without a tracer provider each
 * statement runs as the driver runs it.
 */
export function tracedDriver(driver: SqlDriver, database: SqlDatabase): SqlDriver {
  const { dialect, name } = database;
  return {
    transaction: (mode, settings, work, hint) =>
      driver.transaction(
        mode,
        settings,
        (session) =>
          work({
            run: (statement, maxRows) =>
              traceStatement({ dialect, database: name, text: statement.text }, () => session.run(statement, maxRows)),
            get affected() {
              return session.affected;
            },
            get insertId() {
              return session.insertId;
            },
          }),
        hint,
      ),
    query: (sql, settings, maxRows) =>
      traceStatement({ dialect, database: name, text: sql, sanitize: true }, () =>
        driver.query(sql, settings, maxRows),
      ),
    writeAccess: () => driver.writeAccess(),
    returning: (kind) => driver.returning(kind),
    close: () => driver.close(),
  };
}
