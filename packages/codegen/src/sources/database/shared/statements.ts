/**
 * Splits an SQL script into statements, each with the line it starts on, the way the engine's own client would:
 * quotes, comments and dollar-quoted bodies hide semicolons; so do a SQLite trigger's BEGIN ... END body (as
 * sqlite3_complete reads it), and for psql parentheses (a rule's actions) and a function's `BEGIN ATOMIC ... END`
 * body; lines for the client rather than the server (psql meta-commands such as `\connect`, the mysql client's
 * `DELIMITER`) are set apart, and `COPY ... FROM stdin` data is consumed up to its `\.` line. The statements are not
 * parsed here: the engine or parser reading them does that.
 */
import type { SqlDialect } from "@mcpsmith/runtime/sql";

export interface ScriptStatement {
  sql: string;
  /** 1-based line of the statement's first character. */
  line: number;
}

export interface ClientCommand {
  /** The command as written, without its argument (`\connect`, `DELIMITER`). */
  command: string;
  line: number;
}

export interface SplitScript {
  statements: ScriptStatement[];
  clientCommands: ClientCommand[];
  /** Lines of `COPY ... FROM stdin` data skipped with their statement. */
  copyDataLines: number;
}

const COPY_FROM_STDIN = /^COPY\b[\s\S]*\bFROM\s+STDIN\b/i;

/** A user in `DEFINER = ...`: quoted or bare, `name@host` or `name`. */
const USER_PART = /(?:`[^`]*`|'[^']*'|"[^"]*"|[^\s@()]+)/.source;
/**
 * A MySQL statement whose body may hold semicolons: a stored routine, trigger or event (after CREATE's own clauses:
 * OR REPLACE, DEFINER = user, AGGREGATE), or a compound block, labelled or not.
 */
const COMPOUND = new RegExp(
  String.raw`^(?:CREATE\s+(?:OR\s+REPLACE\s+)?` +
    String.raw`(?:DEFINER\s*=\s*(?:CURRENT_USER(?:\(\))?|${USER_PART}(?:\s*@\s*${USER_PART})?)\s+)?` +
    String.raw`(?:AGGREGATE\s+)?(?:PROCEDURE|FUNCTION|TRIGGER|EVENT)\b|(?:[\w$]+\s*:\s*)?BEGIN\b)`,
  "i",
);
/** SQLite's trigger: its body's statements end in semicolons, and only `END;` ends the trigger. */
const SQLITE_TRIGGER = /^create (?:temp |temporary )?trigger$/;
/** psql counts BEGIN and CASE against END only in a function or procedure (a `BEGIN ATOMIC` body). */
const PSQL_ROUTINE = /^create (?:or replace )?(?:function|procedure)$/;

// The markers of MySQL's executable comments (an opening slash, star, bang and version; a closing star and slash),
// around the statement text they carry.
const EXECUTABLE_MARKS = /\/\*!\d*|\*\//g;

export function splitScript(script: string, dialect: SqlDialect): SplitScript {
  const splitter = new Splitter(script.replace(/^\uFEFF/, ""), dialect);
  return splitter.run();
}

/** What a statement has opened so far that its semicolons may not end (see `Splitter.semicolonEnds`). */
function newBlock() {
  return {
    /** Its first words, lowercased. */
    words: [] as string[],
    /** Its last two tokens outside quotes and comments: a word lowercased, or a symbol. */
    lastTwo: ["", ""] as [string, string],
    parens: 0,
    /** psql's count of BEGIN and CASE against END in a routine's `BEGIN ATOMIC` body. */
    depth: 0,
  };
}

class Splitter {
  private position = 0;
  private line = 1;
  private delimiter = ";";
  private start = -1;
  private startLine = 0;
  private readonly result: SplitScript = { statements: [], clientCommands: [], copyDataLines: 0 };
  private block = newBlock();

  constructor(
    private readonly text: string,
    private readonly dialect: SqlDialect,
  ) {}

  run(): SplitScript {
    while (this.position < this.text.length) {
      if (this.start === -1 && this.atLineStart() && this.clientLine()) continue;
      const char = this.text[this.position] as string;
      if (char === "\n") this.line++;
      if (this.skipQuotedOrComment()) continue;
      if (this.delimiter === ";" && this.dialect !== "mysql" && this.readBlockToken(char)) continue;
      if (this.text.startsWith(this.delimiter, this.position) && this.semicolonEnds()) {
        this.position += this.delimiter.length;
        this.finish();
        continue;
      }
      if (char === ";" && this.endsUnderCustomDelimiter()) {
        this.position++;
        this.finish(this.position - 1);
        continue;
      }
      if (this.start === -1 && !/\s/.test(char)) {
        this.start = this.position;
        this.startLine = this.line;
      }
      this.position++;
    }
    this.finish();
    return this.result;
  }

  /**
   * A word or symbol outside quotes and comments, noted for `semicolonEnds`: a word is read and passed over (true),
   * anything else is left to the caller (false). A word starts a statement as any other text does.
   */
  private readBlockToken(char: string): boolean {
    const block = this.block;
    if (/\s/.test(char) || char === ";") return false;
    if (!/[A-Za-z_]/.test(char) || /[\w$]/.test(this.text[this.position - 1] ?? "")) {
      if (char === "(") block.parens++;
      else if (char === ")" && block.parens > 0) block.parens--;
      block.lastTwo = [block.lastTwo[1], char];
      return false;
    }
    const word = (/^[\w$]+/.exec(this.text.slice(this.position, this.position + 128)) as RegExpExecArray)[0];
    if (this.start === -1) {
      this.start = this.position;
      this.startLine = this.line;
    }
    this.position += word.length;
    const lower = word.toLowerCase();
    if (block.words.length < 4) block.words.push(lower);
    block.lastTwo = [block.lastTwo[1], lower];
    if (this.dialect === "postgres" && this.routineHead()) {
      if (lower === "begin" || lower === "case") block.depth++;
      else if (lower === "end" && block.depth > 0) block.depth--;
    }
    return true;
  }

  private routineHead(): boolean {
    const words = this.block.words;
    return PSQL_ROUTINE.test(words.slice(0, 2).join(" ")) || PSQL_ROUTINE.test(words.slice(0, 4).join(" "));
  }

  /**
   * Whether a `;` here ends the statement, outside any block its client keeps whole. A SQLite trigger ends at
   * `; END ;`, as sqlite3_complete reads it: a CASE's END before a semicolon (calibre's triggers) does not end it.
   */
  private semicolonEnds(): boolean {
    if (this.delimiter !== ";" || this.dialect === "mysql") return true;
    const { words, lastTwo, parens, depth } = this.block;
    this.block.lastTwo = [lastTwo[1], ";"];
    if (this.dialect === "sqlite") {
      const head = words.slice(0, words[1] === "temp" || words[1] === "temporary" ? 3 : 2).join(" ");
      return !SQLITE_TRIGGER.test(head) || (lastTwo[0] === ";" && lastTwo[1] === "end");
    }
    return parens === 0 && depth === 0;
  }

  private atLineStart(): boolean {
    let index = this.position - 1;
    while (index >= 0 && (this.text[index] === " " || this.text[index] === "\t")) index--;
    return index < 0 || this.text[index] === "\n";
  }

  /** A line for the client (not the server) at the start of a statement: recorded, then skipped. */
  private clientLine(): boolean {
    const end = this.lineEnd();
    const lineText = this.text.slice(this.position, end).trim();
    const psql = this.dialect === "postgres" && lineText.startsWith("\\");
    const delimiter = this.dialect === "mysql" && /^DELIMITER\s+\S+/i.exec(lineText);
    if (!psql && !delimiter) return false;
    if (delimiter) this.delimiter = lineText.split(/\s+/)[1] as string;
    this.result.clientCommands.push({ command: lineText.split(/\s+/)[0] as string, line: this.line });
    this.position = end;
    return true;
  }

  private lineEnd(): number {
    const end = this.text.indexOf("\n", this.position);
    return end === -1 ? this.text.length : end;
  }

  /**
   * Under a custom `DELIMITER`, the mysql client sends everything up to it at once, and the server reads that as one
   * or several statements: a routine, trigger or event (whose body holds semicolons) is one, and anything else ends
   * at its semicolon. Cacti's script sets `DELIMITER //` at the top and never uses it: its tables are ordinary
   * statements, each ending at `;`, which a splitter waiting for `//` read as a single SET.
   */
  private endsUnderCustomDelimiter(): boolean {
    if (this.dialect !== "mysql" || this.delimiter === ";" || this.start === -1) return false;
    const head = this.text.slice(this.start, this.position).replace(EXECUTABLE_MARKS, " ").trimStart();
    return !COMPOUND.test(head);
  }

  /** Ends the statement begun at `start`, before the delimiter just passed or at `at`. */
  private finish(at?: number): void {
    if (this.start === -1) return;
    const end =
      at ?? (this.text.endsWith(this.delimiter, this.position) ? this.position - this.delimiter.length : this.position);
    const sql = this.text.slice(this.start, end).trim();
    this.start = -1;
    this.block = newBlock();
    if (sql === "") return;
    this.result.statements.push({ sql, line: this.startLine });
    if (this.dialect === "postgres" && COPY_FROM_STDIN.test(sql)) this.skipCopyData();
  }

  /** `COPY ... FROM stdin` data follows its statement, one row a line, up to `\.`. */
  private skipCopyData(): void {
    let end = this.lineEnd();
    this.position = end + 1;
    this.line++;
    while (this.position < this.text.length) {
      end = this.lineEnd();
      const row = this.text.slice(this.position, end);
      this.position = end + 1;
      this.line++;
      if (row.trimEnd() === "\\.") return;
      this.result.copyDataLines++;
    }
  }

  /** Moves past a string, quoted identifier or comment starting here; false when none starts here. */
  private skipQuotedOrComment(): boolean {
    const { text, position } = this;
    const char = text[position] as string;
    const next = text[position + 1];
    if ((char === "-" && next === "-") || (char === "#" && this.dialect === "mysql")) {
      this.markStart(false);
      this.position = this.lineEnd();
      return true;
    }
    if (char === "/" && next === "*") return this.skipBlockComment();
    if (char === "'" || char === '"' || char === "`") return this.skipQuoted(char, this.backslashEscapes(char));
    if (char === "[" && this.dialect === "sqlite") return this.skipQuoted("]", false);
    if (char === "$" && this.dialect === "postgres") return this.skipDollarQuoted();
    return false;
  }

  /** MySQL strings take backslash escapes; PostgreSQL only in `E'...'` strings. */
  private backslashEscapes(quote: string): boolean {
    if (this.dialect === "mysql") return quote !== "`";
    if (this.dialect !== "postgres" || quote !== "'") return false;
    const before = this.text[this.position - 1];
    const beforeThat = this.text[this.position - 2];
    return (before === "E" || before === "e") && (beforeThat === undefined || !/[A-Za-z0-9_]/.test(beforeThat));
  }

  private skipQuoted(close: string, backslash: boolean): boolean {
    this.markStart(true);
    let index = this.position + 1;
    while (index < this.text.length) {
      const char = this.text[index];
      if (char === "\n") this.line++;
      if (backslash && char === "\\") {
        if (this.text[index + 1] === "\n") this.line++;
        index += 2;
        continue;
      }
      if (char === close) {
        if (this.text[index + 1] === close && close !== "]") {
          index += 2;
          continue;
        }
        break;
      }
      index++;
    }
    this.position = index + 1;
    return true;
  }

  private skipBlockComment(): boolean {
    // MySQL's executable comments (`/*!40101 ... */`) carry statements: they are statement text, not comments.
    this.markStart(this.dialect === "mysql" && this.text[this.position + 2] === "!");
    let depth = 0;
    let index = this.position;
    while (index < this.text.length) {
      if (this.text.startsWith("/*", index)) {
        depth++;
        index += 2;
        if (this.dialect !== "postgres" && depth > 1) depth = 1;
        continue;
      }
      if (this.text.startsWith("*/", index)) {
        depth--;
        index += 2;
        if (depth === 0) break;
        continue;
      }
      if (this.text[index] === "\n") this.line++;
      index++;
    }
    this.position = index;
    return true;
  }

  private skipDollarQuoted(): boolean {
    const tag = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(
      this.text.slice(this.position, this.position + 64),
    );
    const before = this.text[this.position - 1];
    if (!tag || (before !== undefined && /[A-Za-z0-9_]/.test(before))) return false;
    this.markStart(true);
    const close = this.text.indexOf(tag[0], this.position + tag[0].length);
    const end = close === -1 ? this.text.length : close + tag[0].length;
    for (let index = this.position; index < end; index++) if (this.text[index] === "\n") this.line++;
    this.position = end;
    return true;
  }

  /** Quoted text starts a statement; a comment before any statement text does not. */
  private markStart(isStatementText: boolean): void {
    if (isStatementText && this.start === -1) {
      this.start = this.position;
      this.startLine = this.line;
    }
  }
}
