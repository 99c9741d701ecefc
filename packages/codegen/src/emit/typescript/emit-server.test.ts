import { describe, expect, it } from "vitest";
import type { ToolIR } from "../../ir/types.js";
import type { TypeScriptBinding, TypeScriptIR } from "../../ir/typescript.js";
import { emitTypeScriptServer } from "./emit-server.js";
import { importPath } from "./server-view.js";

const PROJECT = "/home/dev/project";

function binding(module: string, exportName: string, extra: Partial<TypeScriptBinding> = {}): TypeScriptBinding {
  return { module: `${PROJECT}/${module}`, exportName, takesArguments: true, takesContext: false, ...extra };
}

function tool(name: string, bound: TypeScriptBinding, extra: Partial<ToolIR<TypeScriptBinding>> = {}) {
  return {
    name,
    description: `The ${name} tool.`,
    inputSchema: { type: "object" as const, properties: { text: { type: "string" } }, required: ["text"] },
    annotations: {},
    group: "src/tools.ts",
    deprecated: false,
    origin: { file: "src/tools.ts", pointer: "1:1" },
    binding: bound,
    ...extra,
  };
}

/** Every shape the view handles: hints, output schemas, instances, statics, context, resources, prompts. */
const IR: TypeScriptIR = {
  kind: "typescript",
  tools: [
    tool("echo", binding("src/tools.ts", "echo"), {
      title: "Echo",
      annotations: { readOnlyHint: true, idempotentHint: true },
      outputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    }),
    tool("now", binding("src/tools.ts", "now", { takesArguments: false })),
    tool("progress", binding("src/tools.ts", "progress", { takesContext: true })),
    tool("ping", binding("src/tools.ts", "ping", { takesArguments: false, takesContext: true })),
    tool("add_note", binding("src/notes/index.ts", "Notes", { method: { name: "add", static: false } }), {
      annotations: { destructiveHint: true, openWorldHint: false },
    }),
    tool("capacity", binding("src/notes/index.ts", "Notes", { method: { name: "capacity", static: true } })),
    tool("other", binding("lib/tools.ts", "default")),
    tool(
      "long",
      binding("src/tools.ts", "aFunctionWhoseNameIsSoLongThatTheHandlerLineNoLongerFitsInOneHundredAndTwentyColumns"),
      { description: "Quotes: \"double\" beat 'single'." },
    ),
  ],
  resources: [
    {
      uri: "notes://about",
      name: "about",
      description: "About.",
      mimeType: "text/markdown",
      variables: [],
      origin: { file: "src/tools.ts", pointer: "9:1" },
      binding: binding("src/tools.ts", "about", { takesArguments: false }),
    },
    {
      uri: "notes://{id}",
      name: "read",
      description: "One note.",
      variables: ["id"],
      origin: { file: "src/notes/index.ts", pointer: "9:1" },
      binding: binding("src/notes/index.ts", "Notes", { method: { name: "read", static: false } }),
    },
  ],
  prompts: [
    {
      name: "explain",
      title: "Explain",
      description: "Explain a topic.",
      argsSchema: { type: "object", properties: { topic: { type: "string" } }, required: ["topic"] },
      origin: { file: "src/tools.ts", pointer: "20:1" },
      binding: binding("src/tools.ts", "explain"),
    },
  ],
  warnings: [],
};

const OPTIONS = {
  outFile: `${PROJECT}/src/generated/server.ts`,
  serverName: "notes",
  serverVersion: "1.2.3",
  transport: "stdio" as const,
  source: "src",
  regenerate: "mcpsmith generate ts src",
};

describe("emitTypeScriptServer", () => {
  it("writes the server module and main.ts (golden files)", async () => {
    const files = emitTypeScriptServer(IR, OPTIONS);
    expect([...files.keys()]).toEqual([`${PROJECT}/src/generated/server.ts`, `${PROJECT}/src/generated/main.ts`]);
    await expect(files.get(`${PROJECT}/src/generated/server.ts`)).toMatchFileSnapshot("__snapshots__/server.ts.snap");
    await expect(files.get(`${PROJECT}/src/generated/main.ts`)).toMatchFileSnapshot("__snapshots__/main.ts.snap");
  });

  it("is byte-identical on every run", () => {
    expect(emitTypeScriptServer(IR, OPTIONS)).toEqual(emitTypeScriptServer(IR, OPTIONS));
  });

  it("serves HTTP from main.ts with --transport http", () => {
    const main = emitTypeScriptServer(IR, { ...OPTIONS, transport: "http" }).get(`${PROJECT}/src/generated/main.ts`);
    expect(main).toContain("await serve(app, { http: {}, onShutdown: () => telemetry?.shutdown() });");
  });

  it("refuses an output named main.ts, which would collide with the entry", () => {
    expect(() => emitTypeScriptServer(IR, { ...OPTIONS, outFile: `${PROJECT}/src/main.ts` })).toThrow(
      /main\.ts is the entry written beside the server module/,
    );
  });
});

describe("importPath", () => {
  it("points from the output to the module with the extension NodeNext resolves", () => {
    expect(importPath("/p/src/generated/server.ts", "/p/src/tools.ts")).toBe("../tools.js");
    expect(importPath("/p/src/server.ts", "/p/src/tools.mts")).toBe("./tools.mjs");
    expect(importPath("/p/src/server.ts", "/p/src/view.tsx")).toBe("./view.js");
    expect(importPath("/p/gen/server.ts", "/p/src/a/b.cts")).toBe("../src/a/b.cjs");
  });
});
