import { describe, expect, it } from "vitest";
import { discoverAnnotated } from "./annotated-discover.js";
import { AnnotatedProject } from "./annotated-project.js";
import { diskProjects, codegenFailure as failure } from "./disk-project.test-support.js";

/** A fresh project folder holding these files (and a strict tsconfig unless one is given). */
const project = diskProjects("mcpsmith-annotated-");

function discover(dir: string, inputs = ["src"]) {
  const project = new AnnotatedProject(inputs, { cwd: dir });
  return discoverAnnotated(project.files, project.checker, dir);
}

describe("discoverAnnotated", () => {
  it("finds exported functions, const arrow functions and public class methods, in source order", () => {
    const dir = project({
      "src/a.ts": [
        "/** Add. @tool */",
        "export function add(args: { a: number }) { return args.a; }",
        "/** Not a tool. */",
        "export function plain() {}",
        "/**\n * Shout.\n * @tool shout_it\n * @readOnly\n */",
        "export const shout = (args: { text: string }) => args.text.toUpperCase();",
        "export class Notes {",
        "  /** List. @tool */",
        "  list() { return []; }",
        "  /** Count. @tool */",
        "  static count() { return 0; }",
        "  /** Read. @resource notes://{id} */",
        "  read(v: { id: string }) { return v.id; }",
        "}",
      ].join("\n"),
    });
    const found = discover(dir);
    expect(found.map((item) => [item.annotation.kind, item.declaredName, item.binding.exportName, item.where])).toEqual(
      [
        ["tool", "add", "add", "src/a.ts:2:17"],
        ["tool", "shout", "shout", "src/a.ts:10:14"],
        ["tool", "list", "Notes", "src/a.ts:13:3"],
        ["tool", "count", "Notes", "src/a.ts:15:10"],
        ["resource", "read", "Notes", "src/a.ts:17:3"],
      ],
    );
    expect(found[1]!.annotation).toEqual({
      kind: "tool",
      name: "shout_it",
      hints: { readOnlyHint: true },
    });
    expect(found[3]!.binding.method).toEqual({ name: "count", static: true });
    expect(found[4]!.annotation).toEqual({ kind: "resource", uri: "notes://{id}" });
  });

  it("binds a function exported under another name, and a default export", () => {
    const dir = project({
      "src/a.ts": [
        "/** Inner. @tool */",
        "function inner() { return 1; }",
        "export { inner as outer };",
        "/** Main. @tool */",
        "export default function main() { return 2; }",
      ].join("\n"),
    });
    expect(discover(dir).map((item) => [item.declaredName, item.binding.exportName])).toEqual([
      ["inner", "outer"],
      ["main", "default"],
    ]);
  });

  it("reads files, folders and globs, skipping tests and declarations", () => {
    const dir = project({
      "src/one.ts": "/** One. @tool */ export function one() {}",
      "src/deep/two.ts": "/** Two. @tool */ export function two() {}",
      "src/deep/two.test.ts": "/** Test. @tool */ export function three() {}",
      "src/types.d.ts": "export declare function four(): void;",
    });
    expect(discover(dir).map((item) => item.declaredName)).toEqual(["two", "one"]);
    expect(discover(dir, ["src/deep/*.ts"]).map((item) => item.declaredName)).toEqual(["two"]);
    expect(discover(dir, ["src/one.ts"]).map((item) => item.declaredName)).toEqual(["one"]);
  });

  it("refuses a tagged function that is not exported, naming the place and the fix", () => {
    const dir = project({ "src/a.ts": "\n/** Hidden. @tool */\nfunction hidden() {}\n" });
    const error = failure(() => discover(dir));
    expect(error.code).toBe("E_ANNOTATION_INVALID");
    expect(error.message).toBe(
      "src/a.ts:3:10: the function hidden is tagged but not exported, so the generated server cannot import it. Add `export` to it.",
    );
  });

  it("refuses private methods, classes needing constructor arguments, and tags on a class", () => {
    const privateMethod = project({
      "src/a.ts": "export class A {\n  /** X. @tool */\n  private x() {}\n}",
    });
    expect(failure(() => discover(privateMethod)).message).toContain("src/a.ts:3:11: A.x is not public");

    const needsArguments = project({
      "src/a.ts": "export class A {\n  constructor(readonly url: string) {}\n  /** X. @tool */\n  x() {}\n}",
    });
    expect(failure(() => discover(needsArguments)).message).toContain("constructor takes required arguments");

    const onClass = project({ "src/a.ts": "/** @tool */\nexport class A {}" });
    expect(failure(() => discover(onClass)).message).toContain("tags go on methods, not on the class A");
  });

  it("refuses bad tags: two kinds, a resource without a URI, a name with spaces, a tagged non-function", () => {
    const cases: [string, string][] = [
      ["/** X. @tool @prompt */ export function x() {}", "has @tool and @prompt"],
      ["/** X. @resource */ export function x() {}", "@resource needs a URI with a scheme"],
      ["/** X.\n * @tool two words\n */ export function x() {}", 'got "two words"'],
      ["/** X. @tool */ export const x = 1;", 'is on "x", which is not a function'],
    ];
    for (const [source, message] of cases) {
      const dir = project({ "src/a.ts": source });
      expect(failure(() => discover(dir)).message).toContain(message);
    }
  });

  it("says which input matched nothing", () => {
    const dir = project({ "src/a.ts": "export {};" });
    expect(failure(() => discover(dir, ["src/missing.ts"])).message).toContain("src/missing.ts does not exist");
    expect(failure(() => discover(dir, ["lib/**/*.ts"])).message).toContain("lib/**/*.ts matched no TypeScript file");
  });
});
