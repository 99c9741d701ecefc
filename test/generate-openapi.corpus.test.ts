// Generated projects list exactly the tools `mcpsmith serve openapi` lists, for every document of the corpus: the
// emitted src/generated/ is transpiled (TypeScript's transpileModule: types are checked in the other tests) and
// imported, and its createServer() compared with the live back end given the same IR, in tools and discovery
// modes, page by page through the official client.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { generateOpenApiProject } from "../packages/codegen/dist/emit/openapi/index.js";
import { liveServerFromIR } from "../packages/codegen/dist/live/index.js";
import { openApiCorpus } from "./support/corpus.js";
import { createTestClient, type ServeTarget } from "./support/runtime.js";
import { ROOT } from "./support/servers.js";

const CORPUS = openApiCorpus("");
const workspace = mkdtempSync(join(tmpdir(), "mcpsmith-generate-corpus-"));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

const SPECS = [
  "petstore-minimal-oas30.yaml",
  "webhook-example-oas31.yaml",
  "train-travel-oas31.yaml",
  "notion-openapi-from-notion-mcp-server.json",
  "datadog-v1-oas30.yaml",
  "slack-web-swagger2.json",
  "twilio-api-v2010.json",
  "asana-oas.yaml",
  "openai-openapi.yaml",
  "box-openapi.json",
  "digitalocean-multifile/specification/DigitalOcean-public.v2.yaml",
  "kubernetes-1.13-swagger2.json",
  "github-rest-oas30.json",
];

const VERSIONS = {
  runtime: "^0.1.0",
  cli: "^0.1.0",
  typescript: "6.0.3",
  vitest: "4.1.12",
  vite: "7.3.8",
  "@types/node": "20.19.9",
};

/** src/generated/*.ts -> js/*.js beside a link to this workspace's runtime. */
function transpileGenerated(project: string): string {
  const out = join(project, "js");
  mkdirSync(out, { recursive: true });
  for (const name of readdirSync(join(project, "src/generated"))) {
    if (!name.endsWith(".ts") || name.endsWith(".test.ts")) continue;
    const source = readFileSync(join(project, "src/generated", name), "utf8");
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    });
    writeFileSync(join(out, name.replace(/\.ts$/, ".js")), outputText);
  }
  writeFileSync(join(project, "package.json"), JSON.stringify({ type: "module" }));
  mkdirSync(join(project, "node_modules/@mcpsmith"), { recursive: true });
  symlinkSync(join(ROOT, "packages/runtime"), join(project, "node_modules/@mcpsmith/runtime"), "dir");
  return join(out, "index.js");
}

/** Every page of tools/list. */
async function listAll(target: ServeTarget) {
  const client = await createTestClient(target);
  try {
    const tools = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  } finally {
    await client.close();
  }
}

describe.each(SPECS)("%s", (file) => {
  it("lists the tools serve openapi lists, in tools and discovery modes", async () => {
    const project = join(workspace, file.replace(/\W+/g, "-"));
    const result = await generateOpenApiProject({
      spec: join(CORPUS, file),
      out: project,
      cwd: workspace,
      mode: "auto",
      source: {},
      force: false,
      recordedOptions: {},
      versions: VERSIONS,
    });
    const { createServer } = await import(transpileGenerated(project));
    for (const mode of ["tools", "discovery"] as const) {
      const generated = await listAll(createServer({ mode }));
      const served = await listAll(liveServerFromIR(result.ir, { mode }).builder);
      expect(generated.length).toBe(mode === "tools" ? result.ir.tools.length : 3);
      expect(generated).toEqual(served);
    }
  }, 600_000);
});
