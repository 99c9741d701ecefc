import {
  createSqlExecutor,
  describeTable,
  isWriteBinding,
  type SqlCallContext,
  type SqlExecutor,
  type SqlExecutorOptions,
} from "@mcpsmith/runtime/sql";
import type { DatabaseIR } from "../ir/types.js";
import { databaseServerDefinition } from "./database-identity.js";
import { buildServer, type ServerBuild } from "./server.js";

export interface DatabaseServeOptions {
  /** The connection (URL or SQLite path) and limits: passed to the runtime's SQL executor. Never printed. */
  executor: Omit<SqlExecutorOptions, "writes" | "maxRows" | "defaultLimit">;
  /** `code`: the IR's tools as code mode's typed API; else they are served as tools. */
  mode?: "tools" | "code";
}

export interface ServedDatabase {
  ir: DatabaseIR;
  build: ServerBuild;
  /** Close it when the server stops: it holds the database connection. */
  executor: SqlExecutor;
}

/**
 * `mcpsmith serve db`: the database IR served at once, no files written. Every handler is one call into the
 * runtime's SQL executor, the one a generated project calls, and the IR already chose the tools (per table or the
 * many-tables set), so they are listed as they are, or in code mode as one typed API. Tables are resources too
 * (`db://<schema>/<table>`).
 */
export function databaseServer(ir: DatabaseIR, options: DatabaseServeOptions): ServedDatabase {
  const executor = createSqlExecutor(ir.database, {
    ...options.executor,
    ...ir.limits,
    writes: ir.tools.some((tool) => isWriteBinding(tool.binding)),
  });
  const tools = ir.tools.map((tool) => ({
    tool,
    // The context itself: its signal is made only if the executor asks (a main-thread SQLite read never does).
    handler: (args: Record<string, unknown>, ctx: SqlCallContext) => executor.call(tool.binding, args, ctx),
  }));
  const build = buildServer(databaseServerDefinition(ir), tools, { mode: options.mode ?? "tools" });
  for (const resource of ir.resources) {
    const { name, schema } = resource.table;
    const table = ir.database.tables.find((t) => t.name === name && t.schema === schema)!;
    build.builder.resource(
      resource.uri,
      { name: resource.name, description: resource.description, mimeType: "application/json" },
      () => JSON.stringify(describeTable(table), null, 2),
    );
  }
  return { ir, build, executor };
}
