/**
 * A MySQL DDL file read by a real SQL parser (node-sql-parser) into the same facts information_schema gives, then
 * lowered by the same code as a live reading. Only statements that shape tables are parsed (CREATE TABLE, ALTER
 * TABLE's ADD, DROP, MODIFY, CHANGE and RENAME, CREATE and DROP INDEX, DROP TABLE, CREATE VIEW, CREATE DATABASE / USE
 * to know the database); the rest (data, SET, triggers, routines) are counted and skipped. `DELIMITER` lines are obeyed by the
 * splitter. A view's columns are typed from its query against the tables read before it (`views.ts`); a column it
 * cannot type is served as text and the file's warnings name it.
 */
import { sqlParser } from "@mcpsmith/runtime/internal";
import type { SqlTable } from "@mcpsmith/runtime/sql";
import { messageOf } from "../shared/drivers.js";
import { statementError, withoutLeadingComments } from "../shared/script.js";
import type { ScriptStatement, SplitScript } from "../shared/statements.js";
import { sortTables } from "../shared/tables.js";
import { applyAlter, type Catalog, declareReferencedColumns, tableFacts, tableLike } from "./ast.js";
import { withoutJoinParentheses } from "./join-parentheses.js";
import { rewriteTypeSynonyms } from "./synonyms.js";
import { withoutStorageOptions } from "./table-options.js";
import { lowerMysqlTable, UNKNOWN_TYPE } from "./tables.js";
import { viewFacts } from "./views.js";

type Warn = (pointer: string, message: string) => void;

const DATABASE = /^(?:CREATE\s+(?:DATABASE|SCHEMA)(?:\s+IF\s+NOT\s+EXISTS)?|USE)\s+`?([^`\s;]+)`?/i;
const SHAPING =
  /^(CREATE\s+(TEMPORARY\s+)?TABLE|ALTER\s+TABLE|CREATE\s+(UNIQUE\s+|FULLTEXT\s+|SPATIAL\s+)?INDEX|DROP\s+(TABLE|INDEX))\b/i;
/** What precedes VIEW: node-sql-parser reads the view's query, not DEFINER=... or SQL SECURITY (nothing to types). */
const VIEW_OPTIONS =
  /^CREATE\s+(OR\s+REPLACE\s+)?(ALGORITHM\s*=\s*\w+\s+)?(DEFINER\s*=\s*\S+\s+)?(SQL\s+SECURITY\s+\w+\s+)?VIEW\b/i;

export async function readMysqlScript(
  script: SplitScript,
  file: string,
  fallbackName: string,
  warn: Warn,
): Promise<{ name: string; tables: SqlTable[] }> {
  const parser: SqlParser = await sqlParser("mysql");
  const catalog: Catalog = { database: undefined, tables: new Map() };
  let firstDatabase: string | undefined;
  const skipped = new Map<string, number>();
  const viewNotes: ViewNotes = new Map();
  for (const written of script.statements) {
    const carried = carriedStatement(written.sql);
    const statement = carried === undefined ? written : { ...written, sql: carried };
    const sql = withoutLeadingComments(statement.sql);
    const database = DATABASE.exec(sql)?.[1];
    if (database !== undefined) {
      catalog.database = database;
      firstDatabase ??= database;
      continue;
    }
    if (VIEW_OPTIONS.test(sql)) {
      readView(parser, statement, sql, catalog, fallbackName, viewNotes);
      continue;
    }
    // What else a dump carries in executable comments (SET, DROP VIEW, ALTER TABLE ... DISABLE KEYS) shapes nothing.
    if (carried !== undefined || !SHAPING.test(sql)) {
      const kind = statementKind(sql);
      skipped.set(kind, (skipped.get(kind) ?? 0) + 1);
      continue;
    }
    apply(parse(parser, statement, file), catalog, fallbackName, statement, file);
  }
  for (const { where, message } of viewNotes.values()) warn(where, message);
  if (skipped.size > 0) {
    const kinds = [...skipped].map(([kind, count]) => `${kind} (${count})`).join(", ");
    warn("", `statements that do not shape tables were not read: ${kinds}`);
  }
  declareReferencedColumns(catalog);
  const tables = [...catalog.tables.values()].map((table) => lowerMysqlTable(table, warn));
  return { name: firstDatabase ?? fallbackName, tables: sortTables(tables) };
}

type SqlParser = { astify(sql: string, options: object): unknown };

/**
 * What to say of each view, by its name, as its last definition left it: mysqldump first creates every view as a
 * stand-in (`SELECT 1 AS id, ...`), then drops it and creates the real one, and only the real one is served.
 */
type ViewNotes = Map<string, { where: string; message: string }>;

/**
 * A CREATE VIEW: its columns typed against the catalog, and the view added to it (views may read views). A view
 * this reader cannot follow (a query the parser refuses, a table it does not know) is left out with a warning
 * saying why, as a live server would still show it: the tables around it are read all the same.
 */
function readView(
  parser: SqlParser,
  statement: ScriptStatement,
  sql: string,
  catalog: Catalog,
  fallback: string,
  notes: ViewNotes,
): void {
  const where = `line ${statement.line}`;
  const warn = (name: string, message: string) => notes.set(name, { where, message });
  try {
    const ast = astifyView(parser, sql.replace(VIEW_OPTIONS, "CREATE $1VIEW"));
    const view = viewFacts(ast, catalog.tables, catalog.database ?? fallback);
    catalog.tables.set(`${view.schema}.${view.name}`, view);
    notes.delete(view.name);
    const untyped = view.columns.filter((c) => c.columnType === UNKNOWN_TYPE).map((c) => c.name);
    if (untyped.length > 0) {
      warn(
        view.name,
        `view ${view.name}: ${untyped.join(", ")} computed in a way only an engine types; served as text ` +
          "(read the view from a live server for its type)",
      );
    }
  } catch (error) {
    const written = /\bVIEW\s+(`[^`]+`|\S+)/i.exec(sql)?.[1] ?? "?";
    const name = written.replace(/^.*\./, "").replaceAll("`", "");
    warn(name, `view ${written} skipped: ${messageOf(error).split("\n")[0]}`);
  }
}

function parse(parser: SqlParser, statement: ScriptStatement, file: string) {
  try {
    return astify(parser, statement.sql);
  } catch (error) {
    throw statementError(file, statement, new Error(messageOf(error).split("\n")[0]));
  }
}

/**
 * One statement's tree, parsed once what MySQL accepts and the grammar does not is rewritten (synonyms.ts,
 * join-parentheses.ts, table-options.ts).
 */
function astify(parser: SqlParser, sql: string): Record<string, unknown> {
  const ast = parser.astify(withoutStorageOptions(withoutJoinParentheses(rewriteTypeSynonyms(sql))), {
    database: "MySQL",
  });
  return (Array.isArray(ast) ? ast[0] : ast) as Record<string, unknown>;
}

/** A view's head: its name and column list, then `AS` and its query. */
const VIEW_HEAD =
  /^(CREATE\s+(?:OR\s+REPLACE\s+)?VIEW\s+(?:`(?:[^`]|``)*`|[\w$.]+)(?:\s*\([^)]*\))?\s+AS)\s+([\s\S]+?)\s*;?\s*$/i;

/**
 * A CREATE VIEW's tree. The grammar reads a UNION in a view only when each member after the first is in parentheses
 * and the first is not, where MySQL takes any form (openSIS's `SELECT ... UNION SELECT ...`, Apache Ranger's
 * `(SELECT ...) UNION (SELECT ...)`), and reads either form as a query of its own: a view it refuses is read again,
 * its head (name, columns) and its query parsed apart.
 */
function astifyView(parser: SqlParser, sql: string): Record<string, unknown> {
  try {
    return astify(parser, sql);
  } catch (error) {
    const [, head, query] = VIEW_HEAD.exec(sql) ?? [];
    if (head === undefined || query === undefined) throw error;
    let select: Record<string, unknown>;
    try {
      select = astify(parser, query);
    } catch {
      throw error;
    }
    return { ...astify(parser, `${head} SELECT 1`), select };
  }
}

function apply(
  ast: Record<string, unknown>,
  catalog: Catalog,
  fallback: string,
  statement: ScriptStatement,
  file: string,
) {
  try {
    const database = catalog.database ?? fallback;
    if (ast.type === "create" && ast.keyword === "table") {
      const table = ast.like ? tableLike(ast, catalog, database) : tableFacts(ast, database);
      catalog.tables.set(`${table.schema}.${table.name}`, table);
    } else if (ast.type === "create" && ast.keyword === "index") {
      applyAlter(catalog, database, { type: "index", ast });
    } else if (ast.type === "alter") {
      applyAlter(catalog, database, { type: "alter", ast });
    } else if (ast.type === "drop" && ast.keyword === "index") {
      applyAlter(catalog, database, { type: "drop index", ast });
    } else if (ast.type === "drop") {
      for (const name of (ast.name ?? []) as { db: string | null; table: string }[]) {
        catalog.tables.delete(`${name.db ?? database}.${name.table}`);
      }
    }
  } catch (error) {
    throw statementError(file, statement, error);
  }
}

/**
 * A statement written in MySQL's executable comments (slash, star, bang and a version), as the text they carry
 * (undefined for one written plainly):
 * mysqldump writes every view so, in three of them (`CREATE ALGORITHM=UNDEFINED`, `DEFINER=...`, `VIEW v AS ...`),
 * and MySQL runs it. Only a statement that begins with one is unwrapped: inside a CREATE TABLE, an executable comment
 * holds options (partitions) no type depends on, which the parser reads as the comment it also is.
 */
function carriedStatement(sql: string): string | undefined {
  if (!/^\s*\/\*!/.test(sql)) return undefined;
  return sql.replace(/\/\*!\d*\s?([\s\S]*?)\*\//g, "$1");
}

/** `CREATE TRIGGER`, `SET`, `INSERT`: the words naming a statement's kind, for the summary of skipped ones. */
function statementKind(sql: string): string {
  const words = sql.toUpperCase().match(/[A-Z_]+/g) ?? ["?"];
  return (["CREATE", "DROP", "ALTER"].includes(words[0] as string) ? words.slice(0, 2) : words.slice(0, 1)).join(" ");
}
