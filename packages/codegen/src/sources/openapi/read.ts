/**
 * Reads an API description from a file: JSON or YAML, syntax errors reported with line and column (all of them),
 * and local multi-file `$ref`s bundled into one document. Network `$ref`s are refused: generating a server must
 * never fetch from the internet.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, resolve as resolvePath } from "node:path";
import { CodegenError } from "../../errors.js";
import { asciiJsonText } from "./ascii-json.js";
import { type SpecProblem, specError } from "./diagnostics.js";
import { resolveEmbeddedIds } from "./embedded-ids.js";
import { readPlainYaml } from "./plain-yaml.js";
import { eachRef, NETWORK_REF, type RefScan, scanRefs } from "./ref-scan.js";
import { isObject, type JsonObject, safeDecode } from "./refs.js";

const require = createRequire(import.meta.url);

export interface ReadSpec {
  /** Absolute path of the root file. */
  file: string;
  /** The whole document, external `$ref`s bundled in as internal ones. */
  root: JsonObject;
  /** The `$ref`s of `root` that point nowhere, when known already (found while looking for external ones). */
  danglingRefs?: RefScan["dangling"];
  /** What reading the text forgave (a YAML layout only PyYAML and js-yaml take), for the document's warnings. */
  readWarnings?: { pointer: string; message: string }[];
}

export async function readSpec(input: string): Promise<ReadSpec> {
  const file = resolvePath(input);
  const json = isJsonFile(file);
  let text: string;
  try {
    // A .json file is read one character a byte and parsed as ASCII (ascii-json.ts). Decoded as it is read: a
    // Buffer of the whole file would stay in memory after parsing until a full GC, adding its size to the peak.
    text = await readFile(file, json ? "latin1" : "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : String(error);
    throw new CodegenError("E_SPEC_UNREADABLE", `${file}: cannot read the API description (${reason})`, {
      cause: error,
      problems: [{ file, pointer: "", message: reason }],
    });
  }
  const readWarnings: ReadSpec["readWarnings"] = [];
  const parsed = json
    ? parseJsonFile(file, text)
    : looksLikeJson(text)
      ? parseJson(file, text)
      : parseYaml(file, text, readWarnings);
  if (!isObject(parsed)) {
    throw specError("E_SPEC_INVALID", [
      { file, pointer: "", message: "the document is not an object (expected an OpenAPI or Swagger document)" },
    ]);
  }
  // Only a document that names a schema resource can have refs that resolve against one (embedded-ids.ts).
  if (/"?\$(id|anchor)"?\s*:/.test(text)) resolveEmbeddedIds(file, parsed);
  const scan = scanRefs(parsed);
  if (!scan.external || !namesAnotherFile(file, parsed)) {
    return { file, root: parsed, danglingRefs: scan.dangling, readWarnings };
  }
  // swagger-parser (and its Ajv) is loaded only for multi-file specs: most specs are one file.
  return { file, root: await (await import("./bundle.js")).bundleExternalRefs(file, parsed), readWarnings };
}

/**
 * Whether some `$ref` names a local file that is there to bundle. A ref naming no file that exists points nowhere,
 * like an internal one that does: AzuraCast's document refers twice to `App\Entity\StationQueue`, a PHP class its
 * generator left as written, and the two operations reaching it are the only ones it spoils (document.ts), not the
 * document's 263. So does a URL, which is never fetched: GS1 EPCIS's capture body is a schema on gs1.github.io.
 */
function namesAnotherFile(file: string, root: JsonObject): boolean {
  let found = false;
  eachRef(root, (ref) => {
    if (found || ref.startsWith("#") || NETWORK_REF.test(ref)) return;
    const path = ref.split("#")[0]!;
    found = /^file:/i.test(path) || existsSync(resolvePath(dirname(file), safeDecode(path)));
  });
  return found;
}

/** `latin1`: the file's bytes one character each. */
function parseJsonFile(file: string, latin1: string): unknown {
  const ascii = asciiJsonText(latin1);
  if (ascii !== undefined) {
    try {
      return JSON.parse(ascii);
    } catch {
      // Reported from the text as written, so lines, columns and messages are the file's own.
    }
  }
  return parseJson(file, Buffer.from(latin1, "latin1").toString("utf8"));
}

function isJsonFile(file: string): boolean {
  return file.toLowerCase().endsWith(".json");
}

function looksLikeJson(text: string): boolean {
  return /^\s*[{[]/.test(text);
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const offset = position ? Number(position[1]) : text.length;
    const truncated = !position || offset >= text.trimEnd().length;
    const detail = truncated ? "the JSON ends early (a truncated file or download?)" : message;
    throw specError("E_SPEC_SYNTAX", [{ file, pointer: lineColumn(text, offset), message: detail }], error);
  }
}

function parseYaml(file: string, text: string, warnings: NonNullable<ReadSpec["readWarnings"]>): unknown {
  const plain = readPlainYaml(text, { maxAliasCount: MAX_ALIAS_EXPANSIONS });
  if (plain !== undefined) return plain;
  // Loaded only here: most YAML documents take the path above, and JSON documents never need it.
  const YAML = require("yaml") as typeof import("yaml");
  const document = YAML.parseDocument(text, YAML_OPTIONS);
  if (document.errors.length > 0) {
    const problems: SpecProblem[] = document.errors.map((error) => ({
      file,
      pointer: error.linePos ? `${error.linePos[0].line}:${error.linePos[0].col}` : lineColumn(text, error.pos[0]),
      message: firstLine(error.message),
    }));
    // A quoted scalar continued on a line not indented past its key (IPFS's pinning API, Wazuh's descriptions):
    // YAML 1.2 and the yaml library refuse it; PyYAML and js-yaml, which those projects' own tools use, read it.
    const forgiven = readPlainYaml(text, { unindentedContinuations: true, maxAliasCount: MAX_ALIAS_EXPANSIONS });
    if (forgiven === undefined) throw specError("E_SPEC_SYNTAX", problems);
    const [first] = problems;
    warnings.push({
      pointer: "",
      message:
        `not valid YAML 1.2 (${first!.pointer}: ${first!.message}): read as PyYAML and js-yaml read it, a quoted ` +
        "text continued on lines not indented past its key",
    });
    return forgiven;
  }
  try {
    return document.toJS({ maxAliasCount: MAX_ALIAS_EXPANSIONS });
  } catch (error) {
    // Alias expansion past that limit (a "billion laughs" document) lands here.
    throw specError("E_SPEC_SYNTAX", [{ file, pointer: "", message: (error as Error).message }], error);
  }
}

/**
 * How the yaml library reads a document. uniqueKeys: a duplicated key is an error (the YAML spec says so; silently
 * keeping the last one hides bugs). merge: `<<: *base` merges the mapping `base` into the one holding it, as YAML 1.1
 * and every OpenAPI tool read it (js-yaml, SnakeYAML, PyYAML): read as YAML 1.2 alone, it is a key named `<<`, and
 * cardano-wallet's 264 merged schemas lost their types without a word.
 */
export const YAML_OPTIONS = { uniqueKeys: true, prettyErrors: false, merge: true } as const;

/**
 * How many nodes aliases may expand to (the yaml library counts each use of an anchor, times the aliases inside
 * it). Its default, 100, refuses generated documents that repeat one small anchor: Langfuse's names its
 * `security` block once and uses it 155 times; cardano-wallet's 1,500 aliases, many inside anchored schemas, count
 * between 30,000 and 100,000. Nested aliases still multiply past this within a few levels ("billion laughs").
 */
export const MAX_ALIAS_EXPANSIONS = 100_000;

function firstLine(message: string): string {
  return message.split("\n")[0]!.trim();
}

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return `${line}:${column}`;
}
