import { ToolError } from "../../results/tool-error.js";
import { type Token, tokenize } from "./lexer.js";

/**
 * The checks on SQL from the `query` tool before it reaches PostgreSQL or SQLite. The engine is the guard (a
 * read-only transaction, a read-only connection); these checks close what the engine does not: more than one
 * statement, statements other than reads, and functions that act outside the transaction.
 */

/** Functions that reach outside a read-only transaction in PostgreSQL: files, large objects, other servers, other
 * sessions, configuration, locks, notifications, and the functions that run SQL given as text. */
const POSTGRES_DENIED = [
  /^pg_read_(binary_)?file$/,
  /^pg_ls_/,
  /^pg_stat_file$/,
  /^pg_file_/,
  /^lo_/,
  /^loread$|^lowrite$/,
  /^dblink/,
  /^set_config$/,
  /^pg_(terminate|cancel)_backend$/,
  /^pg_(try_)?advisory/,
  /^pg_reload_conf$|^pg_rotate_logfile$|^pg_promote$/,
  /^pg_switch_wal$|^pg_create_restore_point$|^pg_backup_/,
  /^pg_notify$/,
  /^pg_logical_emit_message$|replication_(slot|origin)/,
  /^pg_export_snapshot$|^pg_import_system_collations$|^pg_log_backend_memory_contexts$/,
  /^(query|cursor)_to_xml/,
  /^pg_sleep/,
];

const SQLITE_DENIED = [/^load_extension$/, /^readfile$|^writefile$/, /^edit$/, /^fts3_tokenizer$/];

/** First words of the statements `query` runs: PostgreSQL reads them through a cursor, which takes only these. */
const POSTGRES_STARTS = new Set(["select", "with", "values", "table"]);
const SQLITE_STARTS = new Set(["select", "with", "values"]);

/**
 * Words that have no business in a read, wherever they appear outside literals and quoted names: statements that
 * write (a writable CTE starts with WITH), and PostgreSQL's ways out of the transaction. The engine refuses writes
 * too; refusing them here as well gives the model a clear reason.
 */
const WRITES = ["insert", "update", "delete", "merge", "truncate", "create", "drop", "alter", "grant", "revoke"];
const POSTGRES_REFUSED_WORDS = new Set([
  ...WRITES,
  "into",
  "copy",
  "program",
  "lock",
  "do",
  "call",
  "notify",
  "listen",
]);
const SQLITE_REFUSED_WORDS = new Set([
  ...WRITES,
  "replace",
  "attach",
  "detach",
  "pragma",
  "vacuum",
  "temp",
  "temporary",
  "into",
]);

/**
 * The statement to run, its trailing semicolon removed, or a refusal saying why. `into` is refused in both engines
 * (`SELECT ... INTO` creates a table); in data it belongs in a literal, where it is not a word.
 */
export function checkReadOnlySql(sql: string, dialect: "postgres" | "sqlite"): string {
  const tokens = tokenize(sql, dialect);
  const semicolons = tokens.flatMap((t, i) => (t.kind === "symbol" && t.text === ";" ? [i] : []));
  if (semicolons.some((i) => i !== tokens.length - 1)) {
    throw new ToolError("The query tool runs one statement at a time: remove everything after the first ';'.");
  }
  const first = tokens.find((t) => t.kind === "word");
  const starts = dialect === "postgres" ? POSTGRES_STARTS : SQLITE_STARTS;
  if (first === undefined || !starts.has(first.text)) {
    throw new ToolError(
      `The query tool runs reads only: a statement starting with ${[...starts].join(", ").toUpperCase()}.`,
    );
  }
  const refused = dialect === "postgres" ? POSTGRES_REFUSED_WORDS : SQLITE_REFUSED_WORDS;
  const denied = dialect === "postgres" ? POSTGRES_DENIED : SQLITE_DENIED;
  for (const token of tokens) {
    if (token.kind === "word" && refused.has(token.text)) {
      throw new ToolError(`The query tool refuses ${token.text.toUpperCase()} (only reads are run).`);
    }
    if ((token.kind === "word" || token.kind === "name") && denied.some((re) => re.test(token.text.toLowerCase()))) {
      throw new ToolError(`The query tool refuses ${token.text}(): it acts outside a read-only transaction.`);
    }
  }
  return trimSemicolon(sql, tokens);
}

function trimSemicolon(sql: string, tokens: Token[]): string {
  const last = tokens.at(-1);
  if (last?.kind !== "symbol" || last.text !== ";") return sql;
  return sql.slice(0, last.at);
}
