/**
 * The values a CHECK constraint allows one column, when it is a list of literals: `status IN ('a', 'b')` as
 * a DDL writes it, or as PostgreSQL gives it back (`(status = ANY (ARRAY['a'::text, 'b'::text]))`, and for a
 * varchar `((status)::text = ANY ((ARRAY['a'::character varying, ...])::text[]))`). Anything else (a function of the
 * column, an OR, a range, two columns) says nothing here: undefined.
 *
 * A text column so constrained is listed with `enum` (Memos' `row_status`, Temporal's and Icinga's state columns), and
 * so is an integer column listing whole numbers (Memos' `pinned IN (0, 1)`): a model sees the values the database
 * takes, and writes only those.
 */
export interface CheckedValues {
  column: string;
  /** Strings, or numbers: never both (a list mixing them says nothing). */
  values: string[] | number[];
}

export function checkedValues(expression: string): CheckedValues | undefined {
  const tokens = tokenize(expression);
  if (tokens === undefined) return undefined;
  const reader = new Reader(tokens);
  const found = reader.inParentheses(() => reader.list());
  return found !== undefined && reader.done() ? found : undefined;
}

type Token = { kind: "name" | "string" | "word" | "punct"; text: string } | { kind: "number"; value: number };

const TRUTH: Record<string, number> = { true: 1, false: 0 };

class Reader {
  #at = 0;
  constructor(private readonly tokens: Token[]) {}

  done(): boolean {
    return this.#at === this.tokens.length;
  }

  /** `read()` inside any number of parentheses around it (each matched), else undefined. */
  inParentheses<T>(read: () => T | undefined): T | undefined {
    const start = this.#at;
    let opened = 0;
    while (this.#punct("(")) opened++;
    // Try with every number of the opening parentheses taken as the expression's own, innermost first.
    for (let own = opened; own >= 0; own--) {
      this.#at = start + own;
      const found = read();
      if (found !== undefined && this.#closes(own)) return found;
    }
    this.#at = start;
    return undefined;
  }

  /** `column IN (literals)` or `column = ANY (ARRAY[literals])`, casts allowed around each part. */
  list(): CheckedValues | undefined {
    const column = this.inParentheses(() => this.#name());
    if (column === undefined) return undefined;
    this.#casts();
    if (this.#word("in")) {
      const values = this.#literals("(", ")");
      return values && { column, values };
    }
    if (!this.#punct("=") || !this.#word("any") || !this.#punct("(")) return undefined;
    const values = this.inParentheses(() => (this.#word("array") ? this.#literals("[", "]") : undefined));
    if (values === undefined) return undefined;
    this.#casts();
    return this.#punct(")") ? { column, values } : undefined;
  }

  #name(): string | undefined {
    const token = this.tokens[this.#at];
    if (token?.kind !== "name" && token?.kind !== "word") return undefined;
    this.#at++;
    return token.text;
  }

  /** Literals between `open` and `close`, commas between; each may carry casts (`'a'::text`). */
  #literals(open: string, close: string): string[] | number[] | undefined {
    if (!this.#punct(open)) return undefined;
    const values: (string | number)[] = [];
    do {
      const token = this.tokens[this.#at];
      // TRUE and FALSE are SQLite's 1 and 0 (gomuks' `suggested INTEGER CHECK (suggested IN (false, true))`).
      const value =
        token?.kind === "number"
          ? token.value
          : token?.kind === "string"
            ? token.text
            : token?.kind === "word"
              ? TRUTH[token.text.toLowerCase()]
              : undefined;
      if (value === undefined) return undefined;
      this.#at++;
      this.#casts();
      values.push(value);
    } while (this.#punct(","));
    if (!this.#punct(close) || values.length === 0) return undefined;
    const strings = values.filter((value) => typeof value === "string");
    if (strings.length === values.length) return strings;
    return strings.length === 0 ? (values as number[]) : undefined;
  }

  /** `::type` any number of times, the type's words, brackets and parenthesised arguments included. */
  #casts(): void {
    while (this.#punct("::")) {
      while (this.tokens[this.#at]?.kind === "word" || this.tokens[this.#at]?.kind === "name") this.#at++;
      if (this.#punct("(")) {
        while (this.#at < this.tokens.length && !this.#punct(")")) this.#at++;
      }
      while (this.#punct("[") && this.#punct("]"));
    }
  }

  #closes(count: number): boolean {
    for (let i = 0; i < count; i++) if (!this.#punct(")")) return false;
    return true;
  }

  #punct(text: string): boolean {
    const token = this.tokens[this.#at];
    if (token?.kind !== "punct" || token.text !== text) return false;
    this.#at++;
    return true;
  }

  #word(text: string): boolean {
    const token = this.tokens[this.#at];
    if (token?.kind !== "word" || token.text.toLowerCase() !== text) return false;
    this.#at++;
    return true;
  }
}

/**
 * Names (bare, "double-quoted", `backquoted`, [bracketed]), string literals ('' escapes; a charset introducer such
 * as MySQL's `_utf8mb4` before one is dropped; E'' and backslashes are refused, being rare and dialect-bound) and
 * punctuation. Undefined for text it does not know.
 */
function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const rest = text.slice(at);
    const space = /^\s+/.exec(rest);
    if (space) {
      at += space[0].length;
      continue;
    }
    // A bracketed name (SQLite's) holds no quote or comma: `ARRAY['a', 'b']` is not one.
    const quoted = /^(?:"((?:[^"]|"")*)"|`((?:[^`]|``)*)`|\[([^\]'",]*)\])/.exec(rest);
    if (quoted) {
      const name = quoted[1]?.replace(/""/g, '"') ?? quoted[2]?.replace(/``/g, "`") ?? (quoted[3] as string);
      tokens.push({ kind: "name", text: name });
      at += quoted[0].length;
      continue;
    }
    const string = /^(?:_[A-Za-z0-9]+)?'((?:[^'\\]|'')*)'/.exec(rest);
    if (string) {
      tokens.push({ kind: "string", text: (string[1] as string).replace(/''/g, "'") });
      at += string[0].length;
      continue;
    }
    const number = /^-?\d+(?:\.\d+)?(?![A-Za-z0-9_.])/.exec(rest);
    if (number) {
      tokens.push({ kind: "number", value: Number(number[0]) });
      at += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(rest);
    if (word) {
      tokens.push({ kind: "word", text: word[0] });
      at += word[0].length;
      continue;
    }
    const punct = /^(?:::|[()[\],=])/.exec(rest);
    if (!punct) return undefined;
    tokens.push({ kind: "punct", text: punct[0] });
    at += punct[0].length;
  }
  return tokens;
}

/**
 * The values each column of a table is allowed by its CHECK constraints (`checks`: each constraint's expression and,
 * where the engine says, the one column it is on); a column several constraints list takes the values all allow.
 */
export function allowedValues(checks: { expression: string; column?: string }[]): Map<string, CheckedValues["values"]> {
  const allowed = new Map<string, (string | number)[]>();
  for (const check of checks) {
    const found = checkedValues(check.expression);
    if (found === undefined || (check.column !== undefined && found.column !== check.column)) continue;
    const values: (string | number)[] = found.values;
    const before = allowed.get(found.column);
    allowed.set(found.column, before === undefined ? values : before.filter((value) => values.includes(value)));
  }
  return allowed as Map<string, CheckedValues["values"]>;
}

/**
 * The expressions of the CHECK constraints in a CREATE TABLE statement (SQLite keeps only the statement), each the
 * text inside its parentheses. Strings, quoted names and comments are passed over whole, so a `check(` inside one
 * counts for nothing.
 */
export function checkClauses(statement: string): string[] {
  const clauses: string[] = [];
  let at = 0;
  const skip = () => {
    const rest = statement.slice(at);
    const passed = /^(?:'(?:[^']|'')*'|"(?:[^"]|"")*"|`(?:[^`]|``)*`|\[[^\]]*\]|--[^\n]*|\/\*[\s\S]*?\*\/)/.exec(rest);
    if (passed === null) return false;
    at += passed[0].length;
    return true;
  };
  while (at < statement.length) {
    if (skip()) continue;
    const keyword = /^check\s*\(/i.exec(statement.slice(at));
    const wordStart = at === 0 || !/[A-Za-z0-9_$]/.test(statement[at - 1] as string);
    if (keyword === null || !wordStart) {
      at++;
      continue;
    }
    at += keyword[0].length;
    const start = at;
    let depth = 1;
    while (at < statement.length && depth > 0) {
      if (skip()) continue;
      const char = statement[at];
      if (char === "(") depth++;
      else if (char === ")") depth--;
      at++;
    }
    if (depth === 0) clauses.push(statement.slice(start, at - 1));
  }
  return clauses;
}
