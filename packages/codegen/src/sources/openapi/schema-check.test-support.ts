/**
 * Checks that every tool schema of an IR compiles with Ajv 2020 (the validator the runtime uses), fast enough to
 * run over every tool of every corpus spec. Compiling each tool on its own recompiles its whole `$defs` closure
 * every time (datadog's dashboard tools take seconds each; all of GitHub's tools take minutes), so the check is
 * split into parts that together amount to the same thing (a schema compiles when each of its subschemas does and
 * each of its refs resolves):
 * - every `$defs` entry of the IR (the same object wherever a name is used) passes Ajv's meta-schema check and
 *   compiles, once: all of them are compiled together as one schema;
 * - every root passes the meta-schema check, and its patterns compile as Unicode regular expressions (what Ajv's
 *   code generation adds to the meta-schema check for the keywords a spec can carry; the roots' own code
 *   generation, ~5 ms each, is what made GitHub's check take minutes);
 * - every tool's `$defs` is closed: each `#/$defs/...` ref in the root and in its defs names an entry of it.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { expect } from "vitest";
import type { JsonSchema, ObjectSchema, OpenApiIR } from "../../ir/types.js";

const DEFS_PREFIX = "#/$defs/";

export function checkSchemasCompile(ir: OpenApiIR): void {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const roots: { name: string; mode: string; schema: ObjectSchema }[] = [];
  for (const tool of ir.tools) {
    roots.push({ name: tool.name, mode: "input", schema: tool.inputSchema });
    if (tool.outputSchema) roots.push({ name: tool.name, mode: "output", schema: tool.outputSchema });
  }
  for (const mode of ["input", "output"]) {
    // Plain checks in the loops, one expect at the end: msgraph has 15 million $defs entries across its tools.
    const universe: Record<string, JsonSchema> = {};
    const seen = new WeakSet<object>();
    const conflicts: string[] = [];
    for (const root of roots.filter((r) => r.mode === mode)) {
      const defs = root.schema.$defs ?? {};
      if (seen.has(defs)) continue;
      seen.add(defs);
      for (const [name, schema] of Object.entries(defs)) {
        if (universe[name] !== undefined && universe[name] !== schema) conflicts.push(`${root.name}: $defs/${name}`);
        universe[name] = schema;
      }
    }
    expect(conflicts, "the same $defs name holds different schemas").toEqual([]);
    const all = Object.keys(universe).map((name) => ({ $ref: defRef(name) }));
    if (all.length > 0) expect(() => ajv.compile({ $defs: universe, anyOf: all }), `${mode} $defs`).not.toThrow();
    const failures: string[] = [];
    for (const root of roots.filter((r) => r.mode === mode)) {
      const { $defs, ...body } = root.schema;
      if (!ajv.validateSchema(body)) failures.push(`${root.name} ${mode}: ${ajv.errorsText(ajv.errors)}`);
      badPatterns(body, (pattern) => failures.push(`${root.name} ${mode}: pattern ${pattern}`));
      unresolvedRefs(body, $defs ?? {}, (ref) => failures.push(`${root.name} ${mode}: ${ref} is not in its $defs`));
    }
    expect(failures).toEqual([]);
  }
}

function defRef(name: string): string {
  return /^[A-Za-z0-9._-]+$/.test(name)
    ? `${DEFS_PREFIX}${name}`
    : `${DEFS_PREFIX}${encodeURIComponent(name.replace(/~/g, "~0").replace(/\//g, "~1"))}`;
}

function badPatterns(value: unknown, report: (pattern: string) => void): void {
  if (Array.isArray(value)) for (const item of value) badPatterns(item, report);
  else if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key === "pattern" && typeof child === "string") {
        try {
          new RegExp(child, "u");
        } catch {
          report(child);
        }
      } else if (key !== "enum" && key !== "const" && key !== "default" && key !== "examples") {
        badPatterns(child, report);
      }
    }
  }
}

const closedDefs = new WeakSet<object>();
const refsOfDefs = new WeakMap<object, Set<string>>();

/** Refs of the root, and of its `$defs` (once per shared `$defs` object), that its `$defs` does not hold. */
function unresolvedRefs(body: unknown, defs: Record<string, JsonSchema>, report: (ref: string) => void): void {
  const refs = new Set<string>();
  collectRefs(body, refs);
  if (!closedDefs.has(defs)) {
    for (const schema of Object.values(defs)) collectRefs(schema, refs);
    closedDefs.add(defs);
  }
  let names = refsOfDefs.get(defs);
  if (!names) {
    names = new Set(Object.keys(defs).map(defRef));
    refsOfDefs.set(defs, names);
  }
  for (const ref of refs) if (!names.has(ref)) report(ref);
}

function collectRefs(value: unknown, refs: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, refs);
  else if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") refs.add(child);
      else if (key !== "enum" && key !== "const" && key !== "default" && key !== "examples") collectRefs(child, refs);
    }
  }
}
