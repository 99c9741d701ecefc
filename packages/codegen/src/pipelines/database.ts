/**
 * The database generator, end to end: a connection URL, an SQLite file or a DDL file -> the executor's model of the
 * database (`sources/database`) -> the IR (tools per table, or the many-tables set) -> an editable project
 * (`emit/database`) or a server in memory (`serve/database`). The one file that knows all three.
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import type { GenerateEntry } from "../emit/core/manifest.js";
import type { WriteResult } from "../emit/core/write-project.js";
import type { DatabaseIR } from "../ir/types.js";
import type { DatabaseServeOptions, ServedDatabase } from "../serve/database.js";
import { databaseServerDefinition } from "../serve/database-identity.js";
import { toolListingOf } from "../serve/listing.js";
import type { DatabaseSourceOptions } from "../sources/database/options.js";
import { parseDatabaseAddress } from "../sources/database/shared/address.js";
import { loadDatabase } from "../sources/database/source.js";
import { lowerDatabase } from "../sources/database/tools/lower.js";
import type { DatabaseToolOptions } from "../sources/database/tools/options.js";
import type { ProjectWriteOptions } from "./project-options.js";

export interface DatabaseOptions {
  /** Which schemas and tables are read (`--schema`, `--tables`, `--exclude`, `--dialect`). */
  source?: DatabaseSourceOptions;
  /** How they become tools (`--writes`, `--max-rows`, `--mode`). */
  tools?: DatabaseToolOptions;
}

/** Reads the database and lowers it: the same IR for serve and generate, given the same options. */
export async function loadDatabaseIR(input: string, options: DatabaseOptions = {}): Promise<DatabaseIR> {
  return lowerDatabase(await loadDatabase(input, options.source), options.tools);
}

export interface GenerateDatabaseOptions extends DatabaseOptions, ProjectWriteOptions {
  /** The source as given: a URL (read by the driver, recorded redacted), an SQLite file or a DDL file (relative to cwd). */
  input: string;
}

export interface GenerateDatabaseResult extends WriteResult {
  ir: DatabaseIR;
  out: string;
  toolListTokens: number;
}

/**
 * `mcpsmith generate db`: the database -> IR -> an editable project. A file source is recorded relative to the
 * project; a server's URL is never written anywhere: the manifest records no input and the project reads the
 * connection from its environment variable, which regeneration reads too.
 */
export async function generateDatabaseProject(options: GenerateDatabaseOptions): Promise<GenerateDatabaseResult> {
  const address = parseDatabaseAddress(options.input, options.source?.dialect);
  const file = address.kind === "server" ? undefined : resolve(options.cwd, address.path);
  const ir = await loadDatabaseIR(file ?? options.input, options);
  const serverInfo = databaseServerDefinition(ir);
  const out = resolve(options.cwd, options.out ?? serverInfo.name);
  const recorded = file === undefined ? undefined : portable(relative(out, file));
  // The emitters are loaded only to generate: `serve db` starts without them.
  const [{ emitDatabaseProject }, { writeProject }] = await Promise.all([
    import("../emit/database/project.js"),
    import("../emit/core/write-project.js"),
  ]);
  const project = emitDatabaseProject(ir, {
    source: recorded ?? address.label,
    serverInfo: { name: serverInfo.name, version: serverInfo.version, title: serverInfo.title ?? serverInfo.name },
    versions: options.versions,
    exampleConnection: address.kind === "sqlite-file" ? `sqlite:${portable(relative(out, file!))}` : "",
    mode: options.tools?.mode === "code" ? "code" : "tools",
    ...(options.packageFields !== undefined && { packageFields: options.packageFields }),
  });
  const entry: GenerateEntry = {
    kind: "db",
    inputs: recorded === undefined ? [] : [recorded],
    options: { ...options.recordedOptions, out: "." },
  };
  const written = writeProject(out, project, { entry, source: "a database", force: options.force });
  const mode = options.tools?.mode === "code" ? "code" : "tools";
  const listing = toolListingOf(ir.tools, { mode, discovery: { subject: serverInfo.title ?? serverInfo.name } });
  return { ...written, ir, out, toolListTokens: listing.toolListTokens };
}

/**
 * `mcpsmith serve db`: the database -> IR -> a server in memory, its tools run by the runtime's SQL executor. The
 * serve back end (and so the runtime's server and drivers) is loaded only here.
 */
export async function serveDatabase(
  input: string,
  options: DatabaseOptions & { serve: DatabaseServeOptions },
): Promise<ServedDatabase> {
  const ir = await loadDatabaseIR(input, options);
  const { databaseServer } = await import("../serve/database.js");
  // Code mode serves the per-table tools the IR chose for it, as one typed API.
  return databaseServer(ir, { ...options.serve, ...(options.tools?.mode === "code" && { mode: "code" }) });
}

function portable(path: string): string {
  const forward = path.split(sep).join("/");
  return isAbsolute(path) || forward.startsWith(".") ? forward : `./${forward}`;
}
