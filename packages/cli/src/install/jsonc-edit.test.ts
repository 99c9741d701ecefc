import { describe, expect, it } from "vitest";
import { formattingOf, sameJson, withEntry } from "./jsonc-edit.js";

const ENTRY = { command: "node", args: ["a.js"] };
const add = (text: string) => withEntry(text, "mcpServers", "hello", ENTRY, undefined, formattingOf(text));
const lines = (...parts: string[]) => `${parts.join("\n")}\n`;

describe("withEntry", () => {
  it("appends after the last server in the file's style, leaving its comment and trailing comma in place", () => {
    expect(
      add(lines("{", "  // mine", '  "mcpServers": {', '    "other": { "command": "npx" }, // pinned', "  },", "}")),
    ).toBe(
      lines(
        "{",
        "  // mine",
        '  "mcpServers": {',
        '    "other": { "command": "npx" }, // pinned',
        '    "hello": {',
        '      "command": "node",',
        '      "args": [',
        '        "a.js"',
        "      ]",
        "    },",
        "  },",
        "}",
      ),
    );
  });

  it("adds a comma after a last server that has none, and indents with tabs in a tab-indented file", () => {
    expect(add(lines("{", '\t"mcpServers": {', '\t\t"other": {}', "\t}", "}"))).toBe(
      lines(
        "{",
        '\t"mcpServers": {',
        '\t\t"other": {},',
        '\t\t"hello": {',
        '\t\t\t"command": "node",',
        '\t\t\t"args": [',
        '\t\t\t\t"a.js"',
        "\t\t\t]",
        "\t\t}",
        "\t}",
        "}",
      ),
    );
  });

  it("adds the servers object when the file has none, keeping the last line's comment on it", () => {
    expect(add(lines("{", '  "theme": "dark" // mine', "}"))).toBe(
      lines(
        "{",
        '  "theme": "dark", // mine',
        '  "mcpServers": {',
        '    "hello": {',
        '      "command": "node",',
        '      "args": [',
        '        "a.js"',
        "      ]",
        "    }",
        "  }",
        "}",
      ),
    );
  });

  it("keeps Windows line ends", () => {
    const text = '{\r\n  "mcpServers": {\r\n    "other": {}\r\n  }\r\n}\r\n';
    expect(
      add(text)
        .split("\n")
        .slice(0, -1)
        .every((line) => line.endsWith("\r")),
    ).toBe(true);
  });

  it("fills an empty or one-line servers object through jsonc-parser", () => {
    expect(JSON.parse(add('{ "mcpServers": {} }'))).toEqual({ mcpServers: { hello: ENTRY } });
    expect(JSON.parse(add('{ "mcpServers": { "a": {} } }'))).toEqual({ mcpServers: { a: {}, hello: ENTRY } });
  });

  it("edits a replaced entry key by key, so the comments of unchanged keys stay", () => {
    const text = lines(
      "{",
      '  "mcpServers": {',
      '    "hello": {',
      '      "command": "old", // nvm',
      '      "args": ["a.js"], // same',
      '      "disabled": false',
      "    }",
      "  }",
      "}",
    );
    const previous = { command: "old", args: ["a.js"], disabled: false };
    expect(withEntry(text, "mcpServers", "hello", { ...ENTRY, disabled: false }, previous, formattingOf(text))).toBe(
      text.replace('"old"', '"node"'),
    );
  });
});

describe("sameJson", () => {
  it("ignores the order of object keys, not of arrays", () => {
    expect(sameJson({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });
});
