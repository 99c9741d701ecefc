/**
 * How tool names are made from anything (an operation id, a table name, a source's prefix and a remote's tool name):
 * the characters every major client accepts, a length limit, collisions resolved by a stable hash. The generators
 * name tools with it when they write a project, and a composed server when it plans a remote's tools at run time,
 * so both give one tool one name.
 */
import { createHash } from "node:crypto";
import { MAX_TOOL_NAME_LENGTH } from "./validate.js";

/** Length of the hash suffix added to shortened or colliding names: 6 hex digits, 16.7 million values. */
export const HASH_LENGTH = 6;

/**
 * A short, stable digest of a string: the same input gives the same suffix on every machine and run, so a
 * regenerated project keeps its tool names.
 */
export function shortHash(input: string): string {
  return createHash("sha256").update(input, "utf8").digest("hex").slice(0, HASH_LENGTH);
}

export interface ToolNameOptions {
  /**
   * Longest name allowed. Default 64, the limit Anthropic and OpenAI accept; lower it to leave room for a
   * host's prefix (Claude Code adds `mcp__<server>__`, Cursor counts server and tool together against 60).
   */
  maxLength?: number;
}

export const DEFAULT_MAX_TOOL_NAME_LENGTH = 64;
/** Room for the fallback name `tool_<hash>` and a character to spare. */
const MIN_MAX_LENGTH = "tool_".length + HASH_LENGTH + 1;

/** The characters every major client accepts in a tool name, as a regex character class's content. */
const NAME_CHARACTERS = "A-Za-z0-9_-";
/** The first character: a letter or `_`, since Gemini refuses a digit or `-` there. */
const FIRST_CHARACTERS = "A-Za-z_";

/** A name of the characters every major client accepts, of any length ({@link toolNamePattern} without the limit). */
export const SAFE_TOOL_NAME_CHARACTERS = new RegExp(`^[${FIRST_CHARACTERS}][${NAME_CHARACTERS}]*$`);
/** A character some major client refuses in a tool name (`.` and anything outside ASCII letters and digits). */
export const UNSAFE_TOOL_NAME_CHARACTER = new RegExp(`[^${NAME_CHARACTERS}]`);
const UNSAFE_RUNS = new RegExp(`[^${NAME_CHARACTERS}]+`, "g");

/** The overlap every major client accepts: a letter or `_` first (Gemini), then letters, digits, `_`, `-`. */
export function toolNamePattern(maxLength = DEFAULT_MAX_TOOL_NAME_LENGTH): RegExp {
  return new RegExp(`^[${FIRST_CHARACTERS}][${NAME_CHARACTERS}]{0,${maxLength - 1}}$`);
}

/**
 * Turns any string (an operation id, `GET /repos/{owner}/{repo}`, a table name in any script) into a tool name
 * matching {@link toolNamePattern}. A name that already matches is returned unchanged. Otherwise accents are
 * dropped, every run of other characters becomes one `_`, a leading digit gets a `_` in front, and a name
 * longer than `maxLength` is cut and given `_` plus a 6-digit hash of the raw string, so distinct long names
 * stay distinct and the result is the same on every run.
 */
export function safeToolName(raw: string, options: ToolNameOptions = {}): string {
  const maxLength = checkMaxLength(options.maxLength);
  if (toolNamePattern(maxLength).test(raw)) return raw;
  // Only too long: keep the characters as written (a leading `_` included) and just shorten.
  if (SAFE_TOOL_NAME_CHARACTERS.test(raw)) return withSuffix(raw, shortHash(raw), maxLength);

  let name = toAscii(raw)
    .replace(UNSAFE_RUNS, "_")
    .replace(/[_-]*_[_-]*/g, "_")
    .replace(/^[_-]+|[_-]+$/g, "");
  // Nothing readable survived (an emoji, a name in a script without a Latin transliteration): stay unique.
  if (name === "") return `tool_${shortHash(raw)}`;
  if (/^[0-9]/.test(name)) name = `_${name}`;
  return name.length <= maxLength ? name : withSuffix(name, shortHash(raw), maxLength);
}

/**
 * {@link safeToolName} for a whole list, with collisions resolved. Names are compared ignoring case, since
 * some hosts fold case. In each group of colliding names the first (in input order) keeps its name and the
 * others get `_` plus a hash of their raw string; so adding a tool at the end never renames an existing one.
 * Feed the raws in a stable order (the spec's order, sorted table names) for stable output.
 */
export function uniqueToolNames(raws: readonly string[], options: ToolNameOptions = {}): string[] {
  const maxLength = checkMaxLength(options.maxLength);
  const names = raws.map((raw) => safeToolName(raw, { maxLength }));
  const taken = new Set<string>();
  const keeps = names.map((name) => {
    const key = name.toLowerCase();
    if (taken.has(key)) return false;
    taken.add(key);
    return true;
  });

  return names.map((name, index) => {
    if (keeps[index]) return name;
    const raw = raws[index]!;
    let candidate = withSuffix(name, shortHash(raw), maxLength);
    // Identical raws hash alike; a counter folded into the hash input separates them, still deterministically.
    for (let attempt = 2; taken.has(candidate.toLowerCase()); attempt++) {
      candidate = withSuffix(name, shortHash(`${raw}\u0000${attempt}`), maxLength);
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** `base` cut so that `base_suffix` fits in maxLength, without leaving a dangling separator before the `_`. */
function withSuffix(base: string, suffix: string, maxLength: number): string {
  const room = maxLength - suffix.length - 1;
  const head = base.slice(0, room).replace(/[_-]+$/, "");
  return `${head === "" ? "tool" : head}_${suffix}`;
}

/** Letters that Unicode decomposition leaves alone but that have a common Latin spelling. */
const LATIN_LETTERS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  þ: "th",
  Þ: "Th",
};

function toAscii(raw: string): string {
  return raw
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[ßæÆœŒøØłŁđĐþÞ]/g, (letter) => LATIN_LETTERS[letter] ?? letter);
}

/** A limit out of range is a RangeError: each caller says it as its own error (a generator's option, a plan's). */
function checkMaxLength(maxLength = DEFAULT_MAX_TOOL_NAME_LENGTH): number {
  if (!Number.isInteger(maxLength) || maxLength < MIN_MAX_LENGTH || maxLength > MAX_TOOL_NAME_LENGTH) {
    throw new RangeError(
      `maxLength must be an integer from ${MIN_MAX_LENGTH} to ${MAX_TOOL_NAME_LENGTH}, got ${maxLength}`,
    );
  }
  return maxLength;
}
