/**
 * A config as read from its file (any format) -> a `McpsmithConfig`, or one error listing every problem, each at
 * its key (`mcpsmith.config.json: sources.billing.baseUrl: "ftp://x" is not an http(s) URL`).
 */
import { CodegenError, type CodegenProblem } from "../../errors.js";
import { LISTING_MODES } from "../../ir/listing-modes.js";
import {
  type Check,
  type Checker,
  either,
  file,
  fromEnv,
  httpUrl,
  isRecord,
  keyPath,
  kindOf,
  nonEmptyText,
  oneOf,
  recordOf,
  text,
  texts,
  wholeNumber,
} from "./checks.js";
import { COMMON_FIELDS, KIND_FIELDS, kindOfSource, unknownKeys } from "./kinds.js";
import type { McpsmithConfig } from "./types.js";

const MODES: readonly string[] = LISTING_MODES;

const TOP_FIELDS: Record<string, Check> = {
  name: nonEmptyText,
  version: nonEmptyText,
  title: text,
  instructions: text,
  mode: oneOf(MODES),
  threshold: wholeNumber(0),
  maxNameLength: wholeNumber(12, 64),
  serve: (value, at, checker) => fields(value, at, checker, SERVE_FIELDS, "serving options take"),
  sources: (value, at, checker) => sources(value, at, checker),
};

const SERVE_FIELDS: Record<string, Check> = {
  http: (value, at, checker) => {
    if (typeof value !== "boolean")
      fields(value, at, checker, HTTP_FIELDS, "http takes true, false or an object; it takes");
  },
  auth: (value, at, checker) => fields(value, at, checker, AUTH_FIELDS, "auth options take"),
  redis: either(nonEmptyText, fromEnv),
};
const HTTP_FIELDS: Record<string, Check> = { port: wholeNumber(0, 65_535), host: nonEmptyText };
const AUTH_FIELDS: Record<string, Check> = {
  jwks: httpUrl,
  issuer: nonEmptyText,
  audience: httpUrl,
  algorithms: texts,
  apiKeys: file,
};

const TRANSFORM_FIELDS: Record<string, Check> = {
  include: texts,
  exclude: texts,
  rename: recordOf(toolName),
  describe: recordOf(nonEmptyText),
  bind: recordOf(recordOf(binding)),
};

/** Checks a parsed config; `file` names it in the error, `dir` is where its relative paths start. */
export function validateConfig(value: unknown, file: string, dir: string): McpsmithConfig {
  const problems: CodegenProblem[] = [];
  const checker: Checker = { dir, problem: (at, message) => problems.push({ file, pointer: at, message }) };
  if (!isRecord(value)) checker.problem("", `the config must be an object, got ${kindOf(value)}`);
  else {
    fields(value, "", checker, TOP_FIELDS, "the config takes");
    if (value.sources === undefined) checker.problem("sources", "a config needs sources (an object of named sources)");
  }
  if (problems.length > 0) throw configError(file, problems);
  return value as unknown as McpsmithConfig;
}

export function configError(file: string, problems: readonly CodegenProblem[]): CodegenError {
  const lines = problems.map(({ pointer, message }) => `${pointer || "(top level)"}: ${message}`);
  const message =
    lines.length === 1
      ? `${file}: ${lines[0]}`
      : `${file} has ${lines.length} problems:\n${lines.map((line) => `  ${line}`).join("\n")}`;
  return new CodegenError("E_CONFIG_INVALID", message, { problems });
}

/** An object of known keys; `takes` says what the keys are for in messages (`serving options take`). */
function fields(value: unknown, at: string, checker: Checker, table: Record<string, Check>, takes: string): void {
  const known = Object.keys(table).join(", ");
  if (!isRecord(value)) {
    checker.problem(at, `expected an object (${takes} ${known}), got ${kindOf(value)}`);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const check = table[key];
    if (check === undefined) checker.problem(keyPath(at, key), `unknown key (${takes} ${known})`);
    else if (item !== undefined) check(item, keyPath(at, key), checker);
  }
}

function sources(value: unknown, at: string, checker: Checker): void {
  if (!isRecord(value) || Object.keys(value).length === 0) {
    checker.problem(at, `expected an object of named sources (at least one), got ${kindOf(value)}`);
    return;
  }
  for (const [key, source] of Object.entries(value)) {
    const where = keyPath(at, key);
    if (!isRecord(source)) {
      checker.problem(
        where,
        `expected a source (an object such as { "openapi": "./api.yaml" }), got ${kindOf(source)}`,
      );
      continue;
    }
    const kind = kindOfSource(source, where, checker.problem);
    if (kind === undefined) continue;
    unknownKeys(source, kind, where, checker.problem);
    const table = { ...COMMON_FIELDS, ...KIND_FIELDS[kind] };
    for (const [name, check] of Object.entries(table)) {
      if (source[name] !== undefined) check(source[name], keyPath(where, name), checker);
    }
    if (source.tools !== undefined)
      fields(source.tools, keyPath(where, "tools"), checker, TRANSFORM_FIELDS, "transforms take");
  }
}

function toolName(value: unknown, at: string, checker: Checker): void {
  if (typeof value !== "string" || !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(value)) {
    checker.problem(
      at,
      `expected a tool name (letters, digits, _ and -, not starting with a digit), got ${kindOf(value)}`,
    );
  }
}

/** A bound value: anything but an object, which must be `{ env }`, `{ claim }` or `{ value }`. */
function binding(value: unknown, at: string, checker: Checker): void {
  if (!isRecord(value)) return;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === "env") fromEnv(value, at, checker);
  else if (keys.length === 1 && keys[0] === "claim") nonEmptyText(value.claim, keyPath(at, "claim"), checker);
  else if (keys.length !== 1 || keys[0] !== "value")
    checker.problem(at, 'an object binds as { "env": "VAR" }, { "claim": "name" } or { "value": <any JSON> }');
}
