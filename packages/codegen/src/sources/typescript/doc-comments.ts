/**
 * Doc comments read from the source text. The schema program is parsed without JSDoc nodes
 * (`JSDocParsingMode.ParseNone`, as tsc parses TypeScript files): building them for every comment of every file was
 * about a seventh of a cold extraction's CPU, and a schema needs the comments of few declarations. Those are read
 * here when asked for, with the compiler's rules for which comments belong to a declaration and where a tag starts.
 */
import type { ts } from "ts-morph";
import { compiler } from "./compiler.js";

/** One `/** ... *\/` block. */
export interface DocComment {
  /** The text before the first tag, as written (each line's `*` and one space after it removed), trimmed. */
  summary: string;
  tags: readonly DocTag[];
}

export interface DocTag {
  /** The name after the `@`: `minLength`, `param`, `TJS-type`. */
  name: string;
  /**
   * What follows the name, trimmed, lines joined with "\n" (each line's `*` and the indentation up to where the
   * text began removed, deeper indentation kept). For `@param`, what follows the parameter's type and name.
   */
  text: string;
  /** `@param` only: the parameter's name as written (`args.query`), without the brackets of an optional one. */
  parameter?: string;
  file: ts.SourceFile;
  /** The `@`'s offset in the file: where a problem with the tag is reported. */
  at: number;
}

const { SyntaxKind } = compiler;

/** The declarations the compiler gives doc comments to (a parameter's or an object literal property's are not read). */
const DOCUMENTED = new Set<ts.SyntaxKind>([
  SyntaxKind.ArrowFunction,
  SyntaxKind.CallSignature,
  SyntaxKind.CaseClause,
  SyntaxKind.ClassDeclaration,
  SyntaxKind.ClassExpression,
  SyntaxKind.ClassStaticBlockDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.ConstructSignature,
  SyntaxKind.EnumDeclaration,
  SyntaxKind.EnumMember,
  SyntaxKind.ExportAssignment,
  SyntaxKind.ExpressionStatement,
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.GetAccessor,
  SyntaxKind.ImportEqualsDeclaration,
  SyntaxKind.IndexSignature,
  SyntaxKind.InterfaceDeclaration,
  SyntaxKind.LabeledStatement,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.MethodSignature,
  SyntaxKind.ModuleDeclaration,
  SyntaxKind.NamedTupleMember,
  SyntaxKind.PropertyDeclaration,
  SyntaxKind.PropertySignature,
  SyntaxKind.SetAccessor,
  SyntaxKind.TypeAliasDeclaration,
  SyntaxKind.VariableStatement,
]);

/** Functions as values also take the comment right after the token before them (`const f = /** doc *\/ () => 1`). */
const TAKES_TRAILING = new Set<ts.SyntaxKind>([SyntaxKind.ArrowFunction, SyntaxKind.FunctionExpression]);

/** The doc comments written right before a declaration, in source order (the last one is the summary's). */
export function docCommentsOf(node: ts.Node): readonly DocComment[] {
  if (!DOCUMENTED.has(node.kind)) return NONE;
  const file = node.getSourceFile();
  const text = file.text;
  const leading = compiler.getLeadingCommentRanges(text, node.pos);
  const trailing = TAKES_TRAILING.has(node.kind) ? compiler.getTrailingCommentRanges(text, node.pos) : undefined;
  if (leading === undefined && trailing === undefined) return NONE;
  // Read for every field of every type converted: a loop, without a closure or array per call.
  const comments: DocComment[] = [];
  for (const ranges of [trailing, leading]) {
    for (const range of ranges ?? NONE_RANGES) {
      if (range.end <= node.end && isDocComment(text, range)) comments.push(parse(file, range));
    }
  }
  return comments;
}

const NONE: readonly DocComment[] = Object.freeze([]);
const NONE_RANGES: readonly ts.CommentRange[] = Object.freeze([]);

/** `/**` opening a block comment that is more than `/**\/`. */
function isDocComment(text: string, range: ts.CommentRange): boolean {
  return text.startsWith("/**", range.pos) && text[range.pos + 3] !== "/";
}

/** A line of the comment without its leading `*`: `start` is where its content begins in the file. */
interface Line {
  start: number;
  end: number;
  /** Whether a `*` opened the line (then one space after it is not content either). */
  starred: boolean;
}

function parse(file: ts.SourceFile, range: ts.CommentRange): DocComment {
  const text = file.text;
  const lines = linesOf(text, range.pos + "/**".length, range.end - "*/".length);
  const starts = tagStarts(text, lines);
  const first = starts[0] ?? range.end - "*/".length;
  const tags = starts.map((at, i) => readTag(file, at, starts[i + 1] ?? range.end - "*/".length, lines));
  return { summary: summaryBefore(text, lines, first), tags };
}

function linesOf(text: string, start: number, end: number): Line[] {
  const lines: Line[] = [];
  for (let lineStart = start; lineStart <= end; ) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 || newline > end ? end : newline;
    let content = lineStart;
    let starred = false;
    if (lines.length > 0) {
      while (content < lineEnd && isBlank(text.charCodeAt(content))) content += 1;
      if (text[content] === "*") {
        starred = true;
        content += 1;
      } else content = lineStart;
    }
    lines.push({ start: content, end: lineEnd > 0 && text[lineEnd - 1] === "\r" ? lineEnd - 1 : lineEnd, starred });
    lineStart = lineEnd + 1;
  }
  return lines;
}

/**
 * Where tags start, as the compiler's JSDoc scanner sees it: an `@` first on its line (after the `*`), or after a
 * space or tab and before a non-space (`A name. @minLength 1`; `ada@example.com` is text). Inside a tag's text, not
 * between backticks.
 */
function tagStarts(text: string, lines: readonly Line[]): number[] {
  const starts: number[] = [];
  let inBackticks = false;
  for (const line of lines) {
    let atLineStart = true;
    for (let at = line.start; at < line.end; at += 1) {
      const code = text.charCodeAt(at);
      if (isBlank(code)) continue;
      if (code === 96 /* ` */ && starts.length > 0) inBackticks = !inBackticks;
      else if (code === 64 /* @ */ && (atLineStart || (!inBackticks && isBlank(text.charCodeAt(at - 1))))) {
        if (at + 1 < line.end && isIdentifierStart(text.charCodeAt(at + 1))) {
          starts.push(at);
          inBackticks = false;
        }
      }
      atLineStart = false;
    }
  }
  return starts;
}

function readTag(file: ts.SourceFile, at: number, end: number, lines: readonly Line[]): DocTag {
  const text = file.text;
  let cursor = at + 1;
  while (cursor < end && isNameChar(text.charCodeAt(cursor))) cursor += 1;
  const name = text.slice(at + 1, cursor);
  if (name !== "param") return { name, text: tagText(text, cursor, end, lines), file, at };
  const { parameter, after } = paramName(text, cursor, end);
  return {
    name,
    text: tagText(text, after, end, lines),
    ...(parameter !== undefined && { parameter }),
    file,
    at,
  };
}

/**
 * `@param {Type} name`, `@param [name=default]`, `@param name {Type}`: the name (an optional one's without
 * brackets or default) and where the description begins.
 */
function paramName(text: string, start: number, end: number): { parameter?: string; after: number } {
  let cursor = skipType(text, skipBlanks(text, start, end), end);
  let parameter: string | undefined;
  if (text[cursor] === "[") {
    const close = text.indexOf("]", cursor);
    if (close === -1 || close >= end) return { after: cursor };
    parameter = text
      .slice(cursor + 1, close)
      .split("=")[0]!
      .trim();
    cursor = close + 1;
  } else {
    const nameStart = cursor;
    if (isIdentifierStart(text.charCodeAt(cursor))) {
      while (cursor < end && (isIdentifierPart(text.charCodeAt(cursor)) || text[cursor] === ".")) cursor += 1;
      parameter = text.slice(nameStart, cursor);
    }
  }
  cursor = skipType(text, skipBlanks(text, cursor, end), end);
  return { ...(parameter !== undefined && parameter !== "" && { parameter }), after: cursor };
}

/** Past a `{type}` (braces balanced) at `start`, or `start` when there is none. */
function skipType(text: string, start: number, end: number): number {
  if (text[start] !== "{") return start;
  let depth = 0;
  for (let at = start; at < end; at += 1) {
    if (text[at] === "{") depth += 1;
    else if (text[at] === "}" && --depth === 0) return skipBlanks(text, at + 1, end);
  }
  return start;
}

function skipBlanks(text: string, start: number, end: number): number {
  let at = start;
  while (at < end && isBlank(text.charCodeAt(at))) at += 1;
  return at;
}

/**
 * A tag's text between `start` and `end`, line by line as the compiler joins it: each line's `*` removed, and its
 * indentation up to the margin (the column where the tag's text first began) dropped.
 */
function tagText(text: string, start: number, end: number, lines: readonly Line[]): string {
  const parts: string[] = [];
  let margin: number | undefined;
  for (const line of lines) {
    if (line.end < start || line.start > end) continue;
    const from = Math.max(line.start, start);
    const to = Math.min(line.end, end);
    const content = skipBlanks(text, from, to);
    if (content === to) {
      parts.push("");
      continue;
    }
    const column = content - lineStartOf(text, content);
    margin ??= column;
    const indentation = from === start ? 0 : Math.max(0, column - Math.max(margin, from - lineStartOf(text, from)));
    parts.push(" ".repeat(indentation) + text.slice(content, to));
  }
  return parts.join("\n").trim();
}

function lineStartOf(text: string, position: number): number {
  return text.lastIndexOf("\n", position - 1) + 1;
}

/**
 * The summary: each line before the first tag, from after its `*` and one space (after `/**` and one space on the
 * first line; from its start on a line without a `*`), trimmed, with the stars that close it dropped.
 */
function summaryBefore(text: string, lines: readonly Line[], firstTag: number): string {
  let summary = "";
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as Line;
    if (line.start >= firstTag && index > 0) break;
    const from = index === 0 || line.starred ? line.start + (text[line.start] === " " ? 1 : 0) : line.start;
    const to = Math.min(line.end, firstTag);
    summary = index === 0 ? text.slice(from, to) : `${summary}\n${text.slice(from, to)}`;
  }
  let end = summary.length;
  while (end > 0 && isBlankOrStar(summary.charCodeAt(end - 1))) end -= 1;
  return summary.slice(0, end).trim();
}

/** What closes a summary: spaces, line breaks and the stars of the lines before the tags. */
function isBlankOrStar(code: number): boolean {
  return code === 42 /* * */ || code === 10 || isBlank(code);
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 11 || code === 12 || code === 13 || code === 0xa0 || code === 0xfeff;
}

/** A tag name's characters: an identifier's, and `-` (`@TJS-type`). */
function isNameChar(code: number): boolean {
  return isIdentifierPart(code) || code === 45 /* - */;
}

function isIdentifierStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36 || code > 127;
}

function isIdentifierPart(code: number): boolean {
  return isIdentifierStart(code) || (code >= 48 && code <= 57);
}
