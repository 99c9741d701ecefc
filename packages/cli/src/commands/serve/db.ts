import { CodegenError } from "@mcpsmith/codegen";
import { serveDatabase } from "@mcpsmith/codegen/pipelines/database";
import { isWriteBinding } from "@mcpsmith/runtime/sql";
import type { ParsedArgs } from "../../args/command.js";
import { CliError } from "../../errors.js";
import { databaseOptionsOf, databaseSourceOf } from "../../flags/database-options.js";
import { wholeNumberFlag } from "../../flags/values.js";
import type { Io } from "../../io.js";
import type { ServeSummary } from "./summary.js";

/**
 * Reads the database (a URL, an SQLite file or a DDL file; else the connection in the environment), lowers it to the
 * IR and builds the server the flags ask for. The connection string goes to the driver only: every message shows
 * the source redacted.
 */
export async function buildDatabaseServer(given: string | undefined, args: ParsedArgs, io: Io): Promise<ServeSummary> {
  const { values } = args;
  const source = databaseSourceOf(given, values, io.env);
  try {
    const timeoutMs = wholeNumberFlag(values, "timeout", "serve");
    const { ir, build, executor } = await serveDatabase(source, {
      ...databaseOptionsOf(values, "serve"),
      serve: { executor: { connection: source, ...(timeoutMs !== undefined && { timeoutMs }) } },
    });
    const access = await executor.writeAccess().catch(() => undefined);
    const writes = ir.tools.some((tool) => isWriteBinding(tool.binding));
    const accessWarning =
      access?.canWrite && !writes
        ? [
            `${ir.source}: the role can write (${access.detail}); the tools are read-only, but a read-only role is safer`,
          ]
        : [];
    return {
      title: `${ir.database.name} (${ir.database.dialect}, ${ir.source})`,
      build,
      shape: shapeOf(ir.tools.length, ir.database.tables.length, ir.listing, build.mode === "code"),
      warnings: [
        ...ir.warnings.map(({ file, pointer, message }) => `${file}${pointer ? `#${pointer}` : ""}: ${message}`),
        ...accessWarning,
      ],
      credentials: [],
      close: () => executor.close(),
    };
  } catch (error) {
    if (!(error instanceof CodegenError)) throw error;
    throw new CliError("E_GENERATE_FAILED", `${error.code}: ${error.message}`, {
      hint: "Fix the source (or the options) and run again; nothing was served.",
      cause: error,
    });
  }
}

function shapeOf(tools: number, tables: number, listing: "tables" | "many-tables", code: boolean): string {
  const of = `${tables} table${tables === 1 ? "" : "s"} and view${tables === 1 ? "" : "s"}`;
  if (code) return `${tools} tools for ${of}, as code mode's typed api behind 2 tools (search_api, execute)`;
  return listing === "tables"
    ? `${tools} tools for ${of}`
    : `${of} behind ${tools} tools (find_tables, describe, list_rows, query)`;
}
