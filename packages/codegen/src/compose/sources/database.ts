import { isAbsolute, resolve } from "node:path";
import type { SearchHints } from "@mcpsmith/runtime/compose";
import { CodegenError } from "../../errors.js";
import { loadDatabaseIR } from "../../pipelines/database.js";
import { parseDatabaseAddress } from "../../sources/database/shared/address.js";
import type { DatabaseSourceConfig } from "../config/types.js";
import type { LoadedSource, SourceContext } from "./types.js";

/** The tools of the database IR that run SQL the caller writes. */
const RAW_SQL = new Set(["query"]);

/**
 * A database, a tool per table (as `serve db --mode tools`: the composed server's mode decides how the whole
 * catalogue is listed), run by the runtime's SQL executor.
 */
export async function loadDatabaseSource(config: DatabaseSourceConfig, context: SourceContext): Promise<LoadedSource> {
  const input = connectionOf(config, context);
  const address = parseDatabaseAddress(input, config.dialect);
  const writes =
    config.writes === undefined ? undefined : typeof config.writes === "boolean" ? config.writes : [...config.writes];
  const ir = await loadDatabaseIR(input, {
    source: {
      ...(config.dialect !== undefined && { dialect: config.dialect }),
      ...(config.schema !== undefined && { schema: [...config.schema] }),
      ...(config.tables !== undefined && { tables: [...config.tables] }),
      ...(config.exclude !== undefined && { exclude: [...config.exclude] }),
    },
    tools: {
      mode: "tools",
      ...(writes !== undefined && { writes }),
      ...(config.maxRows !== undefined && { maxRows: config.maxRows }),
      ...(context.maxNameLength !== undefined && { maxNameLength: context.maxNameLength }),
      connectionEnv: connectionEnvOf(config, context.key),
    },
  });
  const { databaseServer } = await import("../../serve/database.js");
  const served = databaseServer(ir, {
    executor: { connection: input, ...(config.timeout !== undefined && { timeoutMs: config.timeout }) },
  });
  const hints: Record<string, SearchHints> = {};
  for (const tool of ir.tools) hints[tool.name] = { group: tool.group };
  return {
    kind: "database",
    title: `${ir.database.name} (${ir.database.dialect}, ${ir.source})`,
    model: served.build.builder.build(),
    hints,
    warnings: ir.warnings.map(({ file, pointer, message }) => `${file}${pointer ? `#${pointer}` : ""}: ${message}`),
    credentials: [],
    files: address.kind === "server" ? [] : [address.path],
    rawSql: ir.tools.filter((tool) => RAW_SQL.has(tool.binding.kind)).map((tool) => tool.name),
    close: () => served.executor.close(),
    ir: { kind: "database", ir, connection: input },
  };
}

/**
 * The variable a generated project reads the connection from: the one given, else the one the config reads it from,
 * else one named after the source (`shop` -> `SHOP_DATABASE_URL`), so two databases of one project do not share one.
 */
function connectionEnvOf(config: DatabaseSourceConfig, key: string): string {
  if (config.connectionEnv !== undefined) return config.connectionEnv;
  if (typeof config.database !== "string") return config.database.env;
  return `${key
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^(?=[0-9])/, "_")}_DATABASE_URL`;
}

/** The connection: a URL as written, a file relative to the config, or the environment variable named. */
function connectionOf(config: DatabaseSourceConfig, context: SourceContext): string {
  if (typeof config.database !== "string") {
    const value = context.env[config.database.env];
    if (value === undefined || value === "") {
      throw new CodegenError("E_SOURCE_FAILED", `the environment variable ${config.database.env} is not set`);
    }
    return value;
  }
  const given = config.database;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(given)) return given;
  const sqlite = /^sqlite:/i.test(given);
  const path = sqlite ? given.slice("sqlite:".length) : given;
  const absolute = isAbsolute(path) ? path : resolve(context.dir, path);
  return sqlite ? `sqlite:${absolute}` : absolute;
}
