// A clone with nothing beside it passes its tests: no tracked file names a place outside the repository, neither
// this machine's folders nor a relative path that climbs above the repository's root, nor the corpus's old home
// beside the repository or the variable that pointed to it. Fixtures the tests need live in the repository
// (test/corpus).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/servers.js";

/** An absolute path into the folder this workplace keeps its checkouts and shared files in. */
const MACHINE_PATH = /(?<![\w.~/-])\/work\//g;
/** A relative path that starts by climbing: `../x`, `../../x`. */
const CLIMBING_PATH = /(?<![\w./-])(?:\.\.\/)+[\w.-]*/g;
/** How the tests found the corpus before it moved into the repository. */
const OLD_CORPUS_LOOKUP = /shared\/corpus|MCPSMITH_CORPUS/g;
/** This file, which has to name what it looks for. */
const SELF = "test/self-contained.test.ts";
/** pnpm's lockfile: its paths are relative to each workspace package, not to the lockfile. */
const LOCKFILE = "pnpm-lock.yaml";

type TrackedFile = { file: string; text: string };

function trackedTextFiles(): TrackedFile[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter((file) => file !== "")
    .map((file) => ({ file, bytes: readFileSync(join(ROOT, file)) }))
    .filter(({ bytes }) => !bytes.subarray(0, 8000).includes(0))
    .map(({ file, bytes }) => ({ file, text: bytes.toString("utf8") }));
}

/**
 * Whether a relative path written in `file` leads outside the repository even when read from one folder deeper,
 * where compiled code runs (`bench/openapi/x.ts` runs as `bench/dist/openapi/x.js`).
 */
function leavesRepository(file: string, path: string): boolean {
  const target = relative(ROOT, resolve(ROOT, dirname(file), "dist", path));
  return target === ".." || target.startsWith(`..${sep}`);
}

/** Each match of `pattern` in the files (this one aside) that `accept` keeps, as `file:line: match`. */
function occurrences(
  files: TrackedFile[],
  pattern: RegExp,
  accept: (file: string, found: string) => boolean = () => true,
): string[] {
  return files
    .filter(({ file }) => file !== SELF)
    .flatMap(({ file, text }) =>
      [...text.matchAll(pattern)]
        .filter((match) => accept(file, match[0]))
        .map((match) => `${file}:${lineOf(text, match.index)}: ${match[0]}`),
    );
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

describe("the repository stands on its own", () => {
  const files = trackedTextFiles();

  it("reads the tracked files", () => {
    expect(files.map(({ file }) => file)).toEqual(expect.arrayContaining(["package.json", ".ci/run"]));
  });

  it("names no folder of this machine", () => {
    expect(occurrences(files, MACHINE_PATH)).toEqual([]);
  });

  it("has no relative path that leads outside the repository", () => {
    expect(
      occurrences(files, CLIMBING_PATH, (file, path) => file !== LOCKFILE && leavesRepository(file, path)),
    ).toEqual([]);
  });

  it("looks for no corpus outside the repository", () => {
    expect(occurrences(files, OLD_CORPUS_LOOKUP)).toEqual([]);
  });
});
