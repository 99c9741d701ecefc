/**
 * A schema's `pattern` as JSON Schema validators read it: a Unicode regular expression (they use the `u` flag), with
 * no flags of its own. What documents write otherwise is read as meant where that is plain, else dropped, each with a
 * warning (left in, a pattern that does not compile would fail the tool's whole schema):
 * - needless escapes such as `\:` (StackStorm's dates), which the `u` flag refuses, are undone;
 * - a JavaScript literal, slashes and all (PeerTube's `/^[a-z0-9._]+$/`), is read as its body;
 * - a case-insensitive flag, as a literal's `i` or the inline `(?i)` of Java and Python (Okta's ids), is read as
 *   classes of both cases; other flags change what the pattern means, and it is dropped;
 * - the input anchors of Python and Ruby (`\A`, `\z`, `\Z`) are read as JavaScript's;
 * - a picture of a date (PagerDuty's `YYYY-MM-DDThh:mm:ssZ`) is dropped.
 */
import { isSchemaPattern } from "../../ir/pattern.js";

type Warn = (pointer: string, message: string) => void;

/** The pattern to keep for `value`, written at `pointer`, or undefined to drop it. */
export function lowerPattern(value: string, pointer: string, warn: Warn): string | undefined {
  const said = JSON.stringify(value);
  const literal = regexLiteral(value);
  const inline = INLINE_IGNORE_CASE.exec(value);
  const body = literal?.body ?? (inline === null ? value : value.slice(inline[0].length));
  const ignoreCase = inline !== null || literal?.flags.includes("i") === true;
  if (literal !== undefined && /[ms]/.test(literal.flags)) {
    warn(pointer, `pattern ${said} is a regular expression literal whose flags JSON Schema cannot carry: dropped`);
    return undefined;
  }
  const written = ignoreCase ? caseInsensitive(body) : body;
  const pattern = written === undefined ? undefined : unicodePattern(written);
  if (ignoreCase) {
    if (pattern === undefined)
      warn(pointer, `pattern ${said} is case-insensitive in a way JSON Schema cannot carry: dropped`);
    else
      warn(
        pointer,
        `pattern ${said} is case-insensitive, which JSON Schema has no flag for: read as ${JSON.stringify(pattern)}`,
      );
    return pattern;
  }
  if (literal !== undefined && pattern !== undefined) {
    warn(
      pointer,
      `pattern ${said} is written as a regular expression literal (nothing matches it as it is): read as ${JSON.stringify(pattern)}`,
    );
    return pattern;
  }
  if (isDatePicture(value)) {
    warn(
      pointer,
      `pattern ${said} is a picture of a date or time, not a regular expression (no date matches it): dropped`,
    );
    return undefined;
  }
  if (pattern === undefined) warn(pointer, `pattern ${said} is not a valid regular expression: dropped`);
  return pattern;
}

/** Java's and Python's inline flag for the whole pattern, at its start. */
const INLINE_IGNORE_CASE = /^\(\?i\)/;

/**
 * `pattern` matching each ASCII letter in either case, as the `i` flag would: a letter outside a class becomes a
 * class of both cases, and a class gains the other case of its letters and letter ranges (a negated class then
 * leaves out both). Undefined for what this does not read alike: a letter outside ASCII that has a case, a
 * backreference, a named group, and escapes other than `\d \w \s \b`, their negations, `\n \r \t \f \v` and
 * escaped punctuation.
 */
function caseInsensitive(pattern: string): string | undefined {
  let out = "";
  let inClass = false;
  let otherCase = "";
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at]!;
    if (char === "\\") {
      const next = pattern[at + 1];
      if (next === undefined || /[0-9]/.test(next) || (/[A-Za-z]/.test(next) && !/[dDwWsSbBnrtfv]/.test(next))) {
        return undefined;
      }
      out += char + next;
      at++;
    } else if (inClass) {
      const end = pattern[at + 2];
      if (char === "]") {
        out += `${otherCase}]`;
        inClass = false;
      } else if (isAsciiLetter(char) && pattern[at + 1] === "-" && end !== undefined && isAsciiLetter(end)) {
        if (isUpper(char) !== isUpper(end)) return undefined;
        out += `${char}-${end}`;
        otherCase += `${swapCase(char)}-${swapCase(end)}`;
        at += 2;
      } else {
        if (hasOtherCase(char)) {
          if (!isAsciiLetter(char)) return undefined;
          otherCase += swapCase(char);
        }
        out += char;
      }
    } else if (char === "[") {
      inClass = true;
      otherCase = "";
      out += pattern[at + 1] === "^" ? "[^" : "[";
      if (pattern[at + 1] === "^") at++;
    } else if (char === "(" && pattern[at + 1] === "?") {
      const kind = /^\(\?(?::|=|!|<=|<!)/.exec(pattern.slice(at))?.[0];
      if (kind === undefined) return undefined;
      out += kind;
      at += kind.length - 1;
    } else if (char === "{") {
      const quantifier = /^\{\d*(?:,\d*)?\}/.exec(pattern.slice(at))?.[0] ?? char;
      out += quantifier;
      at += quantifier.length - 1;
    } else if (hasOtherCase(char)) {
      if (!isAsciiLetter(char)) return undefined;
      out += `[${char}${swapCase(char)}]`;
    } else out += char;
  }
  return inClass ? undefined : out;
}

const isAsciiLetter = (char: string) => /^[A-Za-z]$/.test(char);
const isUpper = (char: string) => char === char.toUpperCase();
const hasOtherCase = (char: string) => char.toLowerCase() !== char.toUpperCase();
const swapCase = (char: string) => (isUpper(char) ? char.toLowerCase() : char.toUpperCase());

/** The pattern as a valid `u`-flag regular expression, or `undefined` when it cannot be made one. */
function unicodePattern(pattern: string): string | undefined {
  if (isSchemaPattern(pattern)) return pattern;
  const repaired = withoutIdentityEscapes(pattern);
  return isSchemaPattern(repaired) ? repaired : undefined;
}

/**
 * Outside the u flag, `\:`, `\@` or (outside a class) `\-` mean the character itself; with it they are errors
 * (StackStorm's dates: `^\d{4}\-\d{2}`). Escapes of syntax characters and of letters and digits (classes such as
 * `\d`, `\w`, `\u00e9`) are kept, and `\-` inside a class; elsewhere the backslash is dropped. The input anchors of
 * Python, Ruby and Perl, which JavaScript lacks, are read as JavaScript's: `\A` as `^`, `\z` and `\Z` as `$` (Django's
 * slugs, `^[-\w]+\z`, in Baby Buddy's document).
 */
function withoutIdentityEscapes(pattern: string): string {
  let out = "";
  let inClass = false;
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at] as string;
    if (char === "\\" && at + 1 < pattern.length) {
      const next = pattern[at + 1] as string;
      const anchor = inClass ? undefined : INPUT_ANCHORS[next];
      if (anchor !== undefined) {
        out += anchor;
        at++;
        continue;
      }
      const kept = /[A-Za-z0-9^$\\.*+?()[\]{}|/]/.test(next) || (inClass && next === "-");
      out += kept ? char + next : next;
      at++;
      continue;
    }
    if (char === "[") inClass = true;
    else if (char === "]") inClass = false;
    out += char;
  }
  return out;
}

const INPUT_ANCHORS: Record<string, string | undefined> = { A: "^", z: "$", Z: "$" };

/**
 * A date or time written as a picture where a regular expression belongs (PagerDuty's `since`:
 * `pattern: "YYYY-MM-DDThh:mm:ssZ"`, beside `format: date-time`): read as a pattern, it refuses every real date.
 * Only the picture's letters and separators, with a year or an hour-and-minute in it.
 */
function isDatePicture(pattern: string): boolean {
  return /^[YyMDdHhmsSTZz:./ +-]+$/.test(pattern) && /YYYY|yyyy|[Hh]{2}:mm/.test(pattern);
}

/**
 * A pattern written as a JavaScript regular expression literal, slashes and flags included (PeerTube's usernames:
 * `"/^[a-z0-9._]+$/"`). Read as JSON Schema writes patterns, the slashes are characters to match, so an anchor
 * inside them can never hold and the pattern refuses every value: only such a pattern is read as its body.
 */
function regexLiteral(pattern: string): { body: string; flags: string } | undefined {
  const match = /^\/(.+)\/([dgimsuy]*)$/s.exec(pattern);
  if (match === null) return undefined;
  const body = match[1]!;
  const anchored = body.startsWith("^") || (body.endsWith("$") && !body.endsWith("\\$"));
  return anchored ? { body, flags: match[2]! } : undefined;
}
