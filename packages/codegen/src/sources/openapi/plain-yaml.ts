/**
 * A faster reading of most YAML documents: js-yaml, given the scalar rules of the yaml library's YAML 1.2 core
 * schema (the parser read.ts uses) and `<<` merge keys (read.ts asks for them too), for a document that uses nothing
 * the two libraries read differently: it reads
 * small and large documents several times faster, start-up included (bench/README.md). Anything else returns
 * undefined, and read.ts parses the text with the yaml library,
 * which also gives every syntax error its message and position: this path never reports one.
 *
 * What falls back, each found by comparing both libraries on every YAML file at hand and on randomly damaged copies
 * of the corpus's documents:
 * - anything js-yaml refuses (syntax errors, duplicate keys, unknown or explicit tags, several documents, more
 *   than 100 levels of nesting);
 * - anchors (and so aliases: the yaml library caps their expansion), the `!` tag, `%` directives (`%YAML 1.1`
 *   changes the scalar rules);
 * - keys the two libraries turn into different strings: a null key (`~:`, `null:`, an empty key: "" for the yaml
 *   library, "null" for js-yaml; any key "null" therefore falls back), a flow collection as a key, or an explicit
 *   `?` key other than a one-line scalar in a block (`? /a/long/path`, which both read alike);
 * - what js-yaml reads more leniently than the yaml library: a quoted scalar or flow collection continued on a
 *   line not indented past its key (js-yaml does not look; the yaml library refuses it, but for a flow
 *   collection's closing bracket at the key's indentation), text right after a
 *   closing quote or bracket, a key over 1,000 characters (the yaml library allows 1,024), a carriage return not
 *   followed by a line feed, and the YAML 1.1 line breaks (U+0085, U+2028, U+2029).
 */
import { createRequire } from "node:module";

/** The part of js-yaml 4 used here (loaded on first use: JSON documents never need it). */
interface JsYaml {
  Type: new (
    tag: string,
    options: { kind: "scalar"; resolve(text: string): boolean; construct(text: string): unknown },
  ) => object;
  Schema: new (definition: { implicit: object[] }) => object;
  types: { merge: object };
  load(text: string, options: { schema: object; listener(event: "open" | "close", state: LoaderState): void }): unknown;
}

/** js-yaml's loader state as its listener sees it when a node opens and closes. */
interface LoaderState {
  input: string;
  position: number;
  line: number;
  kind: string | null;
  tag: string | null;
  anchor: string | null;
  /** The node's value, once it closes. */
  result: unknown;
}

/** The yaml library's YAML 1.2 core schema scalars (yaml 2.9 `schema/core`), in its order: the first match wins. */
const CORE_SCALARS: [name: string, test: RegExp, construct: (text: string) => unknown][] = [
  ["null", /^(?:~|[Nn]ull|NULL)?$/, () => null],
  ["bool", /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (text) => text[0] === "t" || text[0] === "T"],
  ["int-oct", /^0o[0-7]+$/, (text) => Number.parseInt(text.substring(2), 8)],
  ["int", /^[-+]?[0-9]+$/, (text) => Number.parseInt(text, 10)],
  ["int-hex", /^0x[0-9a-fA-F]+$/, (text) => Number.parseInt(text.substring(2), 16)],
  [
    "float-nan",
    /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
    (text) =>
      text.slice(-3).toLowerCase() === "nan"
        ? Number.NaN
        : text[0] === "-"
          ? Number.NEGATIVE_INFINITY
          : Number.POSITIVE_INFINITY,
  ],
  ["float-exp", /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, (text) => Number.parseFloat(text)],
  ["float", /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, (text) => Number.parseFloat(text)],
];

/** Checked on the whole text first: directives, line breaks the libraries count differently. */
const UNSUPPORTED_TEXT = /^%|\r(?!\n)|[\u0085\u2028\u2029]/m;
/** What stands before an explicit key (`? key`) on its line: in a block, indentation and `- ` indicators; in flow, `{`. */
const EXPLICIT_KEY_BEFORE = /(?:^[ \t]*(?:-[ \t]+)*|[[{,][ \t]*)\?[ \t]*$/;
const BLOCK_EXPLICIT_KEY_BEFORE = /^[ \t]*(?:-[ \t]+)*\?[ \t]*$/;
const KEY_FOLLOWS = /^[ \t]*:/;
/** An alias node's text, from where its node opened to where it closed. */
const ALIAS = /^\s*\*([^\s,[\]{}]+)\s*$/;
/** The yaml library's default `maxAliasCount`. */
const YAML_LIBRARY_MAX_ALIAS_COUNT = 100;
const SEPARATED = /^(?:$|[\s,\]}:])/;
/** The yaml library refuses an implicit key whose `:` is more than 1024 characters after its start. */
const MAX_KEY_LENGTH = 1000;
/**
 * What may stand before a quoted value on its line: indentation, `- ` indicators, a simple or quoted key. A simple key
 * may hold a colon not followed by a blank (Figma's scopes, `file_variables:read`).
 */
const VALUE_LAYOUT = /^( *)((?:- +)*)([^\s"'#:-](?:[^:#]|:(?=[^\s]))*:[ \t]+|"[^"\\]*":[ \t]+|'[^']*':[ \t]+)?$/;
/** A line whose value starts on the next: a simple or quoted key, or `-`, then nothing but a comment. */
const OWNER_LINE = /^( *)((?:- +)*-?)([^\s"'#:-](?:[^:#]|:(?=[^\s]))*:|"[^"\\]*":|'[^']*':)?[ \t]*(?:#.*)?$/;

/** Thrown from the listener to stop js-yaml at the first node it would read differently. */
class Unsupported extends Error {}

const require = createRequire(import.meta.url);
let loader: { jsYaml: JsYaml; schema: object } | undefined;

function coreLoader(): { jsYaml: JsYaml; schema: object } {
  if (loader === undefined) {
    const jsYaml = require("js-yaml") as JsYaml;
    // Tags of their own: an explicit `!!int` or `!!str` is then unknown to js-yaml, so it falls back too.
    const implicit = CORE_SCALARS.map(
      ([name, test, construct]) =>
        new jsYaml.Type(`tag:mcpsmith,yaml-1.2-core:${name}`, {
          kind: "scalar",
          resolve: (text) => test.test(text),
          construct,
        }),
    );
    // `<<` merges, as read.ts asks the yaml library to (YAML_OPTIONS).
    loader = { jsYaml, schema: new jsYaml.Schema({ implicit: [...implicit, jsYaml.types.merge] }) };
  }
  return loader;
}

/** How a document may be read besides as the yaml library reads it by default. */
export interface PlainYamlOptions {
  /**
   * Read a quoted scalar or flow collection continued on a line not indented past its key as js-yaml and PyYAML read
   * it; a document holding none is then undefined (read.ts asks so only for a document the yaml library refuses).
   */
  unindentedContinuations?: boolean;
  /** The yaml library's `maxAliasCount` for the document; its own default, 100, when not given. */
  maxAliasCount?: number;
}

/** The document as the yaml library would read it, when js-yaml can be trusted to read it the same; else undefined. */
export function readPlainYaml(text: string, options: PlainYamlOptions = {}): unknown {
  if (UNSUPPORTED_TEXT.test(text)) return undefined;
  const { jsYaml, schema } = coreLoader();
  const opened: { line: number; position: number }[] = [];
  const anchored: { from: number; to: number }[] = [];
  const aliases: { name: string; at: number }[] = [];
  let value: unknown;
  let forgiven = false;
  let quotedNullKeys = 0;
  try {
    value = jsYaml.load(text, {
      schema,
      listener: (event, state) => {
        if (event === "open") {
          opened.push({ line: state.line, position: state.position });
          return;
        }
        const node = opened.pop()!;
        const inFlow = opened.length > 0 && isFlowCollection(state.input, opened.at(-1)!.position);
        if (checkNode(state, node, options.unindentedContinuations === true, inFlow)) forgiven = true;
        if (isQuotedNullKey(state)) quotedNullKeys++;
        if (state.anchor !== null) anchored.push({ from: node.position, to: state.position });
        const alias = aliasOf(state, node);
        if (alias !== undefined) aliases.push({ name: alias, at: node.position });
      },
    });
  } catch {
    return undefined;
  }
  // Asked to forgive, and nothing to forgive: the document is refused for another reason.
  if (options.unindentedContinuations === true && !forgiven) return undefined;
  if (!aliasesWithin(aliases, anchored, options.maxAliasCount ?? YAML_LIBRARY_MAX_ALIAS_COUNT)) return undefined;
  return typeof value === "object" && value !== null && nullKeysIn(value) === quotedNullKeys ? value : undefined;
}

/** The anchor an alias node (`*name`) names; js-yaml gives such a node no kind. */
function aliasOf(state: LoaderState, opened: { position: number }): string | undefined {
  return state.kind === null ? ALIAS.exec(state.input.slice(opened.position, state.position))?.[1] : undefined;
}

/**
 * Whether the yaml library is sure to expand the aliases within `maxAliasCount`, as it counts them: for each anchor,
 * its uses (the anchored node one of them) times the aliases inside the anchored node (one, when there are none). Okta's document names 36 lists of
 * references and uses each up to eight times. An alias inside an anchored node multiplies the count: such a document,
 * a "billion laughs" among them, is left to the library.
 */
function aliasesWithin(
  aliases: { name: string; at: number }[],
  anchored: { from: number; to: number }[],
  maxAliasCount: number,
): boolean {
  const uses = new Map<string, number>();
  for (const { name } of aliases) uses.set(name, (uses.get(name) ?? 0) + 1);
  // The anchored node counts as one use.
  if ([...uses.values()].some((count) => count + 1 > maxAliasCount)) return false;
  return !aliases.some(({ at }) => anchored.some(({ from, to }) => at > from && at < to));
}

/**
 * Throws at a node js-yaml reads differently; true when it is a continuation `unindented` lets through. A node
 * `inFlow` (an item of a flow collection) stands on lines of that collection's, whose indentation is checked when the
 * collection closes: AssemblyAI's examples nest `{ text, timestamps: [[250, 650], ...] }` inside a `[` on a line below
 * its key.
 */
function checkNode(
  state: LoaderState,
  opened: { line: number; position: number },
  unindented: boolean,
  inFlow: boolean,
): boolean {
  const after = state.input.slice(state.position, state.position + 80);
  const collection = state.kind === "mapping" || state.kind === "sequence";
  const last = state.input[state.position - 1] ?? "";
  // Quoted scalars and flow collections: the kinds whose end js-yaml finds by a closing character.
  const closed =
    (state.kind === "scalar" && state.tag === null && /["']/.test(last)) || (collection && /[\]}]/.test(last));
  const isKey = KEY_FOLLOWS.test(after);
  if (
    (isKey && (state.anchor !== null || state.kind === null)) ||
    !explicitKeyAlike(state, opened) ||
    state.tag === "!" ||
    (isKey && (collection || state.position - opened.position > MAX_KEY_LENGTH)) ||
    (closed && !SEPARATED.test(after)) ||
    (closed && !inFlow && !unindented && unindentedContinuation(state, opened))
  ) {
    throw new Unsupported();
  }
  return closed && !inFlow && unindented && unindentedContinuation(state, opened);
}

/** Whether the node opened at `from` is a flow collection: its value starts with `[` or `{`. */
function isFlowCollection(input: string, from: number): boolean {
  const start = input[valueStart(input, from)];
  return start === "[" || start === "{";
}

/**
 * Whether the node, if it is an explicit key (`? key`, as Temporal's generator writes its long paths), is one both
 * libraries read alike: a scalar on one line, in a block. A collection as a key, a key continued on more lines or a
 * key in a flow collection is not.
 */
function explicitKeyAlike(state: LoaderState, opened: { line: number; position: number }): boolean {
  const before = state.input.slice(state.input.lastIndexOf("\n", opened.position - 1) + 1, opened.position);
  if (!EXPLICIT_KEY_BEFORE.test(before)) return true;
  return BLOCK_EXPLICIT_KEY_BEFORE.test(before) && state.kind === "scalar" && state.line === opened.line;
}

function unindentedContinuation(state: LoaderState, opened: { line: number; position: number }): boolean {
  return state.line !== opened.line && !continuationsIndented(state.input, opened.position, state.position);
}

/**
 * Whether each line a quoted scalar or flow collection continues on is indented past the key or `-` it is the
 * value of, as the yaml library requires (js-yaml does not look); a flow collection's closing bracket may stand on a
 * line of its own at that key's indentation. The value may start on the key's line (`key: "...`, `- [...`,
 * `- key: {...`, with a simple or quoted key) or on a line of its own below it (`key:`, then `[` on the next line);
 * any other layout is treated as not indented.
 */
function continuationsIndented(input: string, from: number, end: number): boolean {
  const start = valueStart(input, from);
  if (!"\"'[{".includes(input[start] ?? "\n")) return false;
  const parentColumn = parentColumnOf(input, start);
  if (parentColumn === undefined) return false;
  const lines = input.slice(start, end).split("\n").slice(1);
  const closing = input[start] === "[" || input[start] === "{" ? lines.length - 1 : -1;
  return lines.every((line, at) => {
    const indent = /^ */.exec(line)?.[0].length ?? 0;
    if (/^ *\r?$/.test(line) || indent > parentColumn) return true;
    return at === closing && indent === parentColumn && /^ *[\]}]$/.test(line);
  });
}

/** Where the value read from `from` (just after its key's `:`, or at it) starts: past blanks and comment lines. */
function valueStart(input: string, from: number): number {
  const skipped = /^(?:[ \t\r\n]|#[^\n]*)*/.exec(input.slice(from, from + 4096))?.[0].length ?? 0;
  return from + skipped;
}

/**
 * The column of the key or `-` that the value starting at `start` belongs to: on the value's line before it, or,
 * for a value on a line of its own, on the line above (blank and comment lines passed over).
 */
function parentColumnOf(input: string, start: number): number | undefined {
  const lineStart = input.lastIndexOf("\n", start - 1) + 1;
  const before = input.slice(lineStart, start);
  if (/^ *$/.test(before)) return ownerAbove(input, lineStart);
  const layout = VALUE_LAYOUT.exec(before);
  if (layout === null) return undefined;
  const [, indent = "", dashes = "", key] = layout;
  if (key === undefined && dashes === "") return undefined;
  return indent.length + (key !== undefined ? dashes.length : dashes.lastIndexOf("-"));
}

/** The column of the key or `-` ending the nearest line above `lineStart` that holds more than a comment. */
function ownerAbove(input: string, lineStart: number): number | undefined {
  let end = lineStart - 1;
  while (end > 0) {
    const from = input.lastIndexOf("\n", end - 1) + 1;
    const line = input.slice(from, end).replace(/\r$/, "");
    end = from - 1;
    if (/^ *(?:#.*)?$/.test(line)) continue;
    const owner = OWNER_LINE.exec(line);
    if (owner === null) return undefined;
    const [, indent = "", dashes = "", key] = owner;
    return indent.length + (key !== undefined ? dashes.length : dashes.lastIndexOf("-"));
  }
  return undefined;
}

/** Whether the node is a key written `"null"` or `'null'`: text both libraries read as the key "null". */
function isQuotedNullKey(state: LoaderState): boolean {
  return (
    state.kind === "scalar" &&
    state.result === "null" &&
    /["']/.test(state.input[state.position - 1] ?? "") &&
    KEY_FOLLOWS.test(state.input.slice(state.position, state.position + 80))
  );
}

/**
 * How many keys "null" the value holds. js-yaml writes a null key (`~:`, `null:`, an empty key) as "null", where the
 * yaml library writes "": only as many as were quoted (MISP's `"null":` setting) are the text "null" in both.
 */
function nullKeysIn(value: object): number {
  let count = 0;
  for (const [key, item] of Object.entries(value)) {
    if (key === "null" && !Array.isArray(value)) count++;
    if (typeof item === "object" && item !== null) count += nullKeysIn(item);
  }
  return count;
}
