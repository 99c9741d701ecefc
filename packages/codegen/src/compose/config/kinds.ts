/**
 * The source kinds a config knows, each with the key that names it and the options it takes. A source is one
 * object holding exactly one kind key (`{ "openapi": "./api.yaml", ... }`); a new kind is one more entry here and
 * one more loader in ../sources.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { forwardableCallerHeader } from "@mcpsmith/runtime/internal";
import { redactUrl } from "../../sources/database/shared/address.js";
import {
  type Check,
  either,
  file,
  flag,
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

export const SOURCE_KINDS = ["openapi", "database", "typescript", "module", "mcp"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** The options every source takes besides its kind's own (`tools` is checked by transforms.ts). */
export const COMMON_FIELDS: Record<string, Check> = {
  prefix: (value, at, checker) => {
    if (typeof value !== "string" || (value !== "" && !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(value))) {
      checker.problem(at, `expected "" or letters, digits, _ and - starting with a letter or _, got ${kindOf(value)}`);
    }
  },
  optional: flag,
};

const databaseInput: Check = (value, at, checker) => {
  if (isRecord(value)) return fromEnv(value, at, checker);
  if (typeof value !== "string" || value === "") {
    checker.problem(
      at,
      `expected a connection URL, an SQLite or DDL file, or { "env": "VARIABLE" }, got ${kindOf(value)}`,
    );
    return;
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    // Never echoed whole: a connection URL may carry a password.
    if (!URL.canParse(value)) checker.problem(at, `"${redactUrl(value)}" is not a valid connection URL`);
    return;
  }
  const path = resolve(checker.dir, value.replace(/^sqlite:/i, ""));
  if (!existsSync(path)) checker.problem(at, `no file at ${path}`);
};

const files: Check = (value, at, checker) => {
  if (typeof value === "string") return file(value, at, checker);
  if (!Array.isArray(value) || value.length === 0 || value.some((item) => typeof item !== "string" || item === "")) {
    checker.problem(at, `expected a path, a glob or a list of them, got ${kindOf(value)}`);
  }
};

const textOrEnv = either(text, fromEnv);

/** A header of the caller's request a credential may be forwarded from: never the MCP exchange's own. */
const callerHeader: Check = (value, at, checker) => {
  if (typeof value !== "string" || !forwardableCallerHeader(value)) {
    checker.problem(
      at,
      `expected a header of the caller's request such as "X-Upstream-Token" (never Authorization, Cookie or an Mcp- header), got ${kindOf(value)}`,
    );
  }
};

/** `{ url, headers?, forwardHeaders? }` or `{ command, args?, env?, cwd? }`: where a remote MCP server is. */
const mcpRemote: Check = (value, at, checker) => {
  if (!isRecord(value) || "url" in value === "command" in value) {
    checker.problem(at, `expected { "url": ... } or { "command": ... } (a remote MCP server), got ${kindOf(value)}`);
    return;
  }
  const fields: Record<string, Check> =
    "url" in value
      ? { url: httpUrl, headers: recordOf(textOrEnv), forwardHeaders: recordOf(callerHeader) }
      : {
          command: nonEmptyText,
          args: (args, where, inner) => {
            if (!Array.isArray(args) || args.some((item) => typeof item !== "string")) {
              inner.problem(where, `expected a list of strings, got ${kindOf(args)}`);
            }
          },
          env: recordOf(textOrEnv),
          cwd: text,
        };
  for (const [key, item] of Object.entries(value)) {
    const check = fields[key];
    if (check === undefined) {
      checker.problem(keyPath(at, key), `unknown key (a remote takes ${Object.keys(fields).join(", ")})`);
    } else check(item, keyPath(at, key), checker);
  }
};

export const KIND_FIELDS: Record<SourceKind, Record<string, Check>> = {
  openapi: {
    openapi: file,
    baseUrl: httpUrl,
    serverVariables: recordOf(text),
    tags: texts,
    excludeTags: texts,
    paths: texts,
    excludePaths: texts,
    methods: texts,
    excludeMethods: texts,
    operations: texts,
    excludeOperations: texts,
    includeDeprecated: flag,
    outputSchema: flag,
    envPrefix: text,
    timeout: wholeNumber(1),
    forwardCredentials: recordOf((value, at, checker) => {
      if (value !== true && (typeof value !== "string" || value === "")) {
        checker.problem(at, `expected true or a header name, got ${kindOf(value)}`);
      }
    }),
    forwardCredentialsFallback: flag,
  },
  database: {
    database: databaseInput,
    dialect: oneOf(["postgres", "mysql", "sqlite"]),
    schema: texts,
    tables: texts,
    exclude: texts,
    writes: either(flag, texts),
    maxRows: wholeNumber(1),
    timeout: wholeNumber(1),
    connectionEnv: (value, at, checker) => {
      if (typeof value !== "string" || !/^[A-Z_][A-Z0-9_]*$/.test(value)) {
        checker.problem(at, `expected an upper-case environment variable name, got ${kindOf(value)}`);
      }
    },
  },
  typescript: { typescript: files, tsconfig: file },
  module: { module: file, export: text },
  mcp: { mcp: mcpRemote, timeout: wholeNumber(1) },
};

/** Which kind a source is: the one kind key it holds. */
export function kindOfSource(
  source: Record<string, unknown>,
  at: string,
  problem: (at: string, message: string) => void,
): SourceKind | undefined {
  const kinds = SOURCE_KINDS.filter((kind) => Object.hasOwn(source, kind));
  if (kinds.length === 1) return kinds[0];
  problem(
    at,
    kinds.length === 0
      ? `a source needs one of ${SOURCE_KINDS.map((kind) => `"${kind}"`).join(", ")}`
      : `a source has one kind, this one has ${kinds.map((kind) => `"${kind}"`).join(" and ")}`,
  );
  return undefined;
}

/** A key of the source that no field takes: named with the keys it could have meant. */
export function unknownKeys(
  source: Record<string, unknown>,
  kind: SourceKind,
  at: string,
  problem: (at: string, message: string) => void,
): void {
  const known = new Set([...Object.keys(KIND_FIELDS[kind]), ...Object.keys(COMMON_FIELDS), "tools"]);
  for (const key of Object.keys(source)) {
    if (!known.has(key))
      problem(
        keyPath(at, key),
        `unknown key (${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind} source takes ${[...known].join(", ")})`,
      );
  }
}
