import { ToolError } from "../../results/tool-error.js";

/**
 * A tokenizer for the checks on read-only SQL (PostgreSQL and SQLite): enough of each engine's lexical rules that
 * comments, string literals and quoted names are seen as the engine sees them, so a word hidden in a comment is not
 * code and a function name in quotes is still a function name. Where a construct could be read two ways, it is
 * refused rather than guessed (PostgreSQL's `U&` escapes, an unterminated literal or comment).
 */
export type Token =
  | { kind: "word"; text: string } // keyword or unquoted name, lower-cased
  | { kind: "name"; text: string } // quoted name, as written
  | { kind: "literal" }
  | { kind: "symbol"; text: string; at: number };

export function tokenize(sql: string, dialect: "postgres" | "sqlite"): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const unterminated = (what: string) => new ToolError(`The SQL has an unterminated ${what}.`);
  while (i < sql.length) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (/\s/.test(c)) i++;
    else if (c === "-" && next === "-") i = lineEnd(sql, i);
    else if (c === "/" && next === "*") i = blockCommentEnd(sql, i, dialect === "postgres", unterminated);
    else if (c === "'") i = quotedEnd(sql, i, "'", false, unterminated) + push(tokens, { kind: "literal" });
    else if ((c === "e" || c === "E") && next === "'" && dialect === "postgres") {
      i = quotedEnd(sql, i + 1, "'", true, unterminated) + push(tokens, { kind: "literal" });
    } else if ((c === "u" || c === "U") && next === "&" && dialect === "postgres") {
      throw new ToolError("Unicode-escaped names and strings (U&) are not accepted in read-only SQL.");
    } else if (c === "$" && dialect === "postgres" && /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.test(sql.slice(i))) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i))![0];
      const end = sql.indexOf(tag, i + tag.length);
      if (end < 0) throw unterminated("dollar-quoted string");
      i = end + tag.length + push(tokens, { kind: "literal" });
    } else if (c === '"' || (dialect === "sqlite" && (c === "`" || c === "["))) {
      const close = c === "[" ? "]" : c;
      const end = quotedEnd(sql, i, close, false, unterminated);
      tokens.push({ kind: "name", text: sql.slice(i + 1, end - 1).replaceAll(close + close, close) });
      i = end;
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      const word = /^[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/.exec(sql.slice(i))![0];
      // B'0101' and X'ff' are literals with a one-letter prefix.
      if (/^[bBxXnN]$/.test(word) && sql[i + 1] === "'") {
        i = quotedEnd(sql, i + 1, "'", false, unterminated) + push(tokens, { kind: "literal" });
      } else {
        tokens.push({ kind: "word", text: word.toLowerCase() });
        i += word.length;
      }
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(next ?? ""))) {
      // A number, and nothing after it: `1e5` and `0x1f` are one token, but `.name` after a schema is not a number.
      i += /^[0-9]*\.?[0-9]+([eE][+-]?[0-9]+)?|^[0-9]+[A-Za-z0-9_]*/.exec(sql.slice(i))![0].length;
      tokens.push({ kind: "literal" });
    } else {
      tokens.push({ kind: "symbol", text: c, at: i });
      i++;
    }
  }
  return tokens;
}

function push(tokens: Token[], token: Token): number {
  tokens.push(token);
  return 0;
}

function lineEnd(sql: string, i: number): number {
  const end = sql.indexOf("\n", i);
  return end < 0 ? sql.length : end + 1;
}

/** PostgreSQL's block comments nest; SQLite's end at the first `*\/`. */
function blockCommentEnd(sql: string, i: number, nests: boolean, unterminated: (what: string) => Error): number {
  let depth = 0;
  let j = i;
  while (j < sql.length) {
    if (sql.startsWith("/*", j) && (nests || depth === 0)) {
      depth++;
      j += 2;
    } else if (sql.startsWith("*/", j)) {
      depth--;
      j += 2;
      if (depth === 0) return j;
    } else j++;
  }
  throw unterminated("comment");
}

/** The index after a quoted run opened at `i`; a doubled quote stays inside, as does a backslash-escaped one in E''. */
function quotedEnd(sql: string, i: number, quote: string, backslashes: boolean, unterminated: (what: string) => Error) {
  let j = i + 1;
  while (j < sql.length) {
    const c = sql[j]!;
    if (backslashes && c === "\\") j += 2;
    else if (c === quote && sql[j + 1] === quote) j += 2;
    else if (c === quote) return j + 1;
    else j++;
  }
  throw unterminated(quote === "'" ? "string literal" : "quoted name");
}
