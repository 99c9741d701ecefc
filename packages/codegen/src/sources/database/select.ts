/**
 * `schema`, `tables` and `exclude`, applied to what a catalog holds. Everything left out for a reason other than the
 * user's own choice is said in a warning; foreign keys to tables left out are dropped with their table.
 */
import { globToRegExp } from "@mcpsmith/runtime/internal";
import type { SqlTable, SqlTableName } from "@mcpsmith/runtime/sql";
import type { DatabaseSourceOptions } from "./options.js";

export function selectTables(
  tables: SqlTable[],
  options: DatabaseSourceOptions,
  warn: (pointer: string, message: string) => void,
): SqlTable[] {
  const schemas = options.schema === undefined ? undefined : new Set(options.schema);
  const include = options.tables?.map(globToRegExp);
  const exclude = options.exclude?.map(globToRegExp);
  const matches = (globs: RegExp[], table: SqlTable) =>
    globs.some((glob) => glob.test(table.name) || (table.schema !== undefined && glob.test(qualified(table))));

  const selected = tables.filter((table) => {
    if (schemas && table.schema !== undefined && !schemas.has(table.schema)) return false;
    if (include && !matches(include, table)) return false;
    if (exclude && matches(exclude, table)) return false;
    if (table.columns.length === 0) {
      warn(qualified(table), "has no columns: skipped (nothing to list)");
      return false;
    }
    return true;
  });
  warnUnmatched(tables, options, warn);
  const kept = new Set(selected.map(qualified));
  for (const table of selected) {
    table.foreignKeys = table.foreignKeys.filter((key) => kept.has(qualified(key.references)));
  }
  return selected;
}

export function qualified(table: SqlTableName): string {
  return table.schema === undefined ? table.name : `${table.schema}.${table.name}`;
}

function warnUnmatched(tables: SqlTable[], options: DatabaseSourceOptions, warn: (p: string, m: string) => void) {
  for (const schema of options.schema ?? []) {
    if (!tables.some((table) => table.schema === schema)) warn("", `schema: no table or view in "${schema}"`);
  }
  for (const glob of options.tables ?? []) {
    const regex = globToRegExp(glob);
    if (!tables.some((table) => regex.test(table.name) || regex.test(qualified(table)))) {
      warn("", `tables: "${glob}" matches no table or view`);
    }
  }
}
