import { readFileSync } from "node:fs";
import { corpusDocuments, corpusFile } from "@mcpsmith/corpus";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { readPlainYaml } from "./plain-yaml.js";
import { MAX_ALIAS_EXPANSIONS, YAML_OPTIONS } from "./read.js";

/** What read.ts gets from the yaml library for the same text (aliases as read.ts allows them, in the corpus test). */
function yamlLibrary(text: string, maxAliasCount?: number): unknown {
  return YAML.parseDocument(text, YAML_OPTIONS).toJS({ maxAliasCount });
}

describe("readPlainYaml", () => {
  // Each document is parsed by both libraries and compared whole: several seconds for the 3 MB ones.
  it.each(corpusDocuments("openapi").filter((name) => /\.ya?ml$/.test(name)))(
    "reads the corpus's %s as the yaml library does",
    { timeout: 300_000 },
    (name) => {
      const text = readFileSync(corpusFile(`openapi/${name}`), "utf8");
      // As read.ts reads it: Langfuse's documents use one anchor over a hundred times.
      const plain = readPlainYaml(text, { maxAliasCount: MAX_ALIAS_EXPANSIONS });
      expect(plain).toBeDefined();
      expect(plain).toEqual(yamlLibrary(text, MAX_ALIAS_EXPANSIONS));
    },
  );

  it("resolves plain scalars by the YAML 1.2 core schema, as the yaml library does", () => {
    const text = [
      "ints: [1, -2, +3, 012, 0o17, 0x1F, 123456789012345678901234567890]",
      "floats: [1.0, .5, -1.5e3, 1e3, +.inf, -.Inf, .NaN]",
      "nulls: [~, null, Null, NULL, '']",
      "bools: [true, True, TRUE, false, False, FALSE]",
      "strings: [yes, no, on, off, 1_000, 0b11, -0o17, 2001-12-14, 12:30, nULL, tRUE, 1.2.3, =, <<]",
      "quoted: ['1', \"true\", 'null']",
      "keys: { 200: ok, 1.50: a, true: b, 0x10: c }",
      "folded: >-\n  one\n  two\n\n  three",
      "literal: |\n  a\n   b\n",
      'escapes: "tab\\t \\u263A \\x41 \\U0001F600"',
      'multiline: "a long\n  text"',
      "flow: [1,\n  {a: b},\n  c]",
    ].join("\n");
    const plain = readPlainYaml(text);
    expect(plain).toBeDefined();
    expect(plain).toEqual(yamlLibrary(text));
    expect(Object.keys(plain as object)).toEqual(Object.keys(yamlLibrary(text) as object));
  });

  it.each([
    // Moby's `example:` then `[["noexec"]]` below it; Overseerr's and NetBird's enums, their `]` under the key.
    ["a flow collection on the line below its key", 'a:\n  example:\n    [["noexec"]]\n  b: 1'],
    ["a flow collection below its key, continued", "a:\n  k: # c\n    [\n      x,\n  ]\n  j: 1"],
    ["a closing bracket at its key's indentation", "a:\n  k: [\n    x,\n  ]\n  j: 1"],
    ["a closing brace at a sequence item's indentation", "a:\n  - {\n    x: 1,\n  }\n  - 2"],
    ["a closing bracket at a root key's indentation", "k:\n  [\n  x,\n]\nj: 1"],
    // Temporal's long paths, written as explicit keys; a `?` inside text is no key.
    ["one-line explicit keys", 'paths:\n  ? /a/{b.c}\n  : get: 1\n  /d: 3\nitems:\n  - ? "x"\n    : 2'],
    ["a question mark in a block scalar and in text", "k: |\n  a\n  ? b\nj: a ? b\nl: what ?"],
    // Iceberg's descriptions: the opening quote on the line below the key.
    ["a quoted scalar on the line below its key", 'a:\n  k:\n    "\n    x\n    "\n  j: 1'],
    // AssemblyAI's examples: flow collections nested in one that starts on the line below its key.
    [
      "flow collections nested in one below its key",
      'a:\n  m:\n    [\n      {\n        t: "x\n          y",\n        ts:\n          [\n            [1, 2],\n          ],\n      },\n    ]\n  j: 1',
    ],
    // Figma's scopes: a key holding a colon, its quoted value continued below.
    ["a quoted value continued under a key holding a colon", 'scopes:\n  files:read: "Read\n    files."\n  j: 1'],
    // MISP's settings name one "null"; a value "null" is no key.
    ["keys written \"null\" and 'null'", 'a:\n  "null": 1\n  b: ["null"]\nc:\n  - \'null\': "null"'],
  ])("reads %s as the yaml library does", (_what, text) => {
    const plain = readPlainYaml(text);
    expect(plain).toBeDefined();
    expect(plain).toEqual(yamlLibrary(text));
  });

  it("merges `<<` keys as the yaml library does, and leaves a quoted one a key", () => {
    // cardano-wallet's schemas: `<<: *slotNumber` then the schema's own keys, which win over the merged ones.
    const text = [
      "base: &base {type: integer, minimum: 0}",
      "more: &more {format: int64, minimum: 5}",
      "slot:",
      "  <<: *base",
      "  maximum: 9",
      "both:",
      "  <<: [*more, *base]",
      "own:",
      "  minimum: 1",
      "  <<: *base",
      'quoted: {"<<": *base}',
    ].join("\n");
    const read = readPlainYaml(text);
    expect(read).toEqual(yamlLibrary(text));
    expect(read).toMatchObject({
      slot: { type: "integer", minimum: 0, maximum: 9 },
      both: { type: "integer", format: "int64", minimum: 5 },
      own: { type: "integer", minimum: 1 },
      quoted: { "<<": { type: "integer", minimum: 0 } },
    });
    // Where js-yaml is not trusted (an alias inside an anchored node), the yaml library merges alike.
    const nested = `${text}\nwrapped: &w {<<: *base}\nagain: {<<: *w}`;
    expect(readPlainYaml(nested)).toBeUndefined();
    expect(yamlLibrary(nested)).toMatchObject({ again: { type: "integer", minimum: 0 } });
  });

  it("reads anchors and aliases as the yaml library does, as often as it allows each anchor", () => {
    // Okta's document names lists of references once and uses each of them several times.
    const uses = Array.from({ length: 98 }, (_, i) => `  oneOf${i}: *refs`).join("\n");
    const text = `list: &refs\n  - $ref: a\n  - $ref: b\nname: &n x\nuses:\n${uses}\n  flow: {oneOf: *refs, name: *n}\n"<<": *n`;
    expect(readPlainYaml(text)).toBeDefined();
    expect(readPlainYaml(text)).toEqual(yamlLibrary(text));
    // One use more than the yaml library allows by default, and than a reader passes on.
    const more = `${text}\nlast: *refs`;
    expect(readPlainYaml(more)).toBeUndefined();
    expect(readPlainYaml(more, { maxAliasCount: 101 })).toEqual(
      YAML.parseDocument(more, { uniqueKeys: true }).toJS({ maxAliasCount: 101 }),
    );
  });

  it.each([
    ["a null key", "a: 1\n~: 2"],
    ["an empty key", "a: 1\n: 2"],
    ["a key that reads null", "null: 1"],
    ['a key that reads null beside one written "null"', 'a:\n  "null": 1\nb:\n  null: 2'],
    ['an empty key beside one written "null"', 'a:\n  "null": 1\nb:\n  : 2'],
    ["a flow collection as key", "[a, b]: 1"],
    ["an explicit key continued on another line", "? a\n  b\n: 1"],
    ["a collection as an explicit key", "? [a, b]\n: 1"],
    ["an explicit key in a flow mapping", "{ ? a : b }"],
    ["an alias inside an anchored node", "a: &a [1]\nb: &b [*a, *a]\nc: [*b, *b]"],
    ["an alias as a key", "a: &x k\n*x : 1"],
    ["an anchored key", "&x a: 1\nb: *x"],
    ["an anchor used more often than the yaml library allows", `a: &x 1\nb: [${"*x, ".repeat(99)}*x]`],
    ["an explicit tag", "a: !!str 1"],
    ["the non-specific tag", "a: ! 1"],
    ["a directive", "%YAML 1.1\n---\na: yes"],
    ["a lone carriage return", "a: x\rb: y"],
    ["a U+2028 line separator", "a: x\u2028b"],
    ["a quoted scalar continued without indentation", 'a: "x\ny"'],
    ["a quoted scalar continued no deeper than its key", '- a: "x\n  y"'],
    ["text right after a closing quote", 'a: ""#x'],
    ["a flow collection continued without indentation", "a: [1,\n2]"],
    ["a flow collection in one, continued without indentation", "a: [[1,\n2]]"],
    ["a closing quote at its key's indentation", 'a:\n  k: "\n    x\n  "'],
    ["a closing bracket left of its key", "a:\n  k: [\n    x,\n ]"],
    ["a flow collection below its key, continued at the key's indentation", "a:\n  k:\n    [\n  x,\n    ]"],
    ["a flow collection below a `- key:`, closed at the dash", "a:\n  - k:\n      [x,\n  ]"],
    ["text right after a closing bracket", "a: [a, b]#c"],
    ["a key over 1,000 characters", `${"k".repeat(1025)}: 1`],
    ["a duplicated key", "a: 1\na: 2"],
    ["two documents", "a: 1\n---\nb: 2"],
    ["a syntax error", "a: [1, 2"],
    ["a scalar document", "just text"],
  ])("leaves %s to the yaml library", (_what, text) => {
    expect(readPlainYaml(text)).toBeUndefined();
  });
});
