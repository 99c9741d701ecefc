/**
 * The small checks a config's values go through. Each reports into `problems` with the key path of the value
 * (`sources.billing.baseUrl`), so one run lists every problem of the file, each at its key.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { keyPath } from "@mcpsmith/runtime/internal";

export interface Checker {
  /** The config file's folder: relative paths are read from it. */
  dir: string;
  problem(at: string, message: string): void;
}

export type Check = (value: unknown, at: string, checker: Checker) => void;

// `sources.billing` + `baseUrl` -> `sources.billing.baseUrl`: the runtime's, which names a remote's transforms so too.
export { keyPath };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export const text: Check = (value, at, checker) => {
  if (typeof value !== "string") checker.problem(at, `expected a string, got ${kindOf(value)}`);
};

export const nonEmptyText: Check = (value, at, checker) => {
  if (typeof value !== "string" || value.trim() === "")
    checker.problem(at, `expected a non-empty string, got ${kindOf(value)}`);
};

export const flag: Check = (value, at, checker) => {
  if (typeof value !== "boolean") checker.problem(at, `expected true or false, got ${kindOf(value)}`);
};

export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER): Check {
  return (value, at, checker) => {
    if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
      checker.problem(
        at,
        `expected a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? "" : ` to ${max}`}, got ${kindOf(value)}`,
      );
    }
  };
}

export function oneOf(values: readonly string[]): Check {
  return (value, at, checker) => {
    if (typeof value !== "string" || !values.includes(value)) {
      checker.problem(at, `expected one of ${values.join(", ")}, got ${kindOf(value)}`);
    }
  };
}

export const texts: Check = (value, at, checker) => {
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string" || item === "")) {
    checker.problem(at, `expected a list of non-empty strings, got ${kindOf(value)}`);
  }
};

export function recordOf(check: Check): Check {
  return (value, at, checker) => {
    if (!isRecord(value)) {
      checker.problem(at, `expected an object, got ${kindOf(value)}`);
      return;
    }
    for (const [key, item] of Object.entries(value)) check(item, keyPath(at, key), checker);
  };
}

export function either(...checks: Check[]): Check {
  return (value, at, checker) => {
    const messages: string[] = [];
    for (const check of checks) {
      const before = messages.length;
      check(value, at, { dir: checker.dir, problem: (_at, message) => messages.push(message) });
      if (messages.length === before) return;
    }
    checker.problem(at, messages.join("; or "));
  };
}

/** `{ "env": "NAME" }`: a value the server reads from its environment. */
export const fromEnv: Check = (value, at, checker) => {
  if (!isRecord(value) || Object.keys(value).join() !== "env" || typeof value.env !== "string") {
    checker.problem(at, `expected { "env": "VARIABLE" }, got ${kindOf(value)}`);
  } else if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(value.env)) {
    checker.problem(keyPath(at, "env"), `"${value.env}" is not an environment variable name`);
  }
};

/** A file that must exist, relative to the config's folder. */
export const file: Check = (value, at, checker) => {
  if (typeof value !== "string" || value === "") {
    checker.problem(at, `expected a file path, got ${kindOf(value)}`);
  } else if (!existsSync(resolve(checker.dir, value))) {
    checker.problem(at, `no file at ${resolve(checker.dir, value)}`);
  }
};

export function httpUrl(value: unknown, at: string, checker: Checker): void {
  if (typeof value !== "string") {
    checker.problem(at, `expected an http(s) URL, got ${kindOf(value)}`);
    return;
  }
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    checker.problem(at, `"${value}" is not an http(s) URL`);
  }
}

/** What a value is, for messages: `a number (3)`, `a list`, `nothing`. */
export function kindOf(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return `"${value.length > 40 ? `${value.slice(0, 39)}…` : value}"`;
  return `${typeof value === "number" ? "a number" : `a ${typeof value}`} (${String(value)})`;
}
