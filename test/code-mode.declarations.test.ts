// The TypeScript code mode declares for `api` is valid TypeScript, and code written against it type-checks, for real
// documents: the petstore, GitHub (1,186 operations, JSON arrays as results), OpenAI (OpenAPI 3.1, unions
// everywhere) and Kubernetes (Swagger 2, recursive schemas). Checked by the TypeScript compiler, strict.
import { corpusFile } from "@mcpsmith/corpus";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { openApiServer } from "../packages/codegen/dist/serve/index.js";
import { loadOpenApi } from "../packages/codegen/dist/sources/openapi/index.js";
import { DECLARATIONS_URI } from "../packages/runtime/dist/code-mode/index.js";
import { createTestClient } from "./support/runtime.js";

/** Diagnostics of `files` (name -> text) compiled together, strict, with ES2023's library and nothing else. */
function diagnostics(files: Record<string, string>): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2023.d.ts"],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language) =>
    name in files ? ts.createSourceFile(name, files[name]!, language) : read(name, language);
  const program = ts.createProgram(Object.keys(files), options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    return `${d.file?.fileName}:${where ? where.line + 1 : "?"}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

async function declarationsOf(spec: string): Promise<string> {
  const ir = await loadOpenApi(corpusFile(`openapi/${spec}`));
  const client = await createTestClient(await openApiServer(ir, { mode: "code" }).target(), { era: "2026-07-28" });
  try {
    const { contents } = await client.readResource({ uri: DECLARATIONS_URI });
    return (contents[0] as { text: string }).text;
  } finally {
    await client.close();
  }
}

// Code as a model writes it: the body of an async function, against the declared `api`.
const CODE: Record<string, string> = {
  "petstore3-oas30.yaml": `
    const pet = await api.getPetById({ petId: 7 });
    const names: string[] = (await api.findPetsByStatus({ status: "available" })).map((p) => p.name);
    return { name: pet.name, tags: pet.tags?.map((t) => t.name), names };`,
  "github-rest-oas30.json": `
    const issues = await api["issues_list-for-repo"]({ owner: "octocat", repo: "hello-world", per_page: 3 });
    const authors = await Promise.all(issues.map((i) => api["users_get-by-username"]({ username: i.user?.login ?? "" })));
    try { await api["issues_get"]({ owner: "o", repo: "r", issue_number: 1 }) } catch (e) { if (e instanceof ApiError) console.log(e.tool) }
    return issues.map((i, n) => ({ title: i.title, created: i.created_at, author: authors[n] }));`,
  "openai-openapi.yaml": `
    const models = await api.listModels();
    return models.data.map((m) => m.id);`,
  "kubernetes-1.13-swagger2.json": `
    const pods = await api.listCoreV1NamespacedPod({ namespace: "default" });
    return pods.items.map((p) => p.metadata?.name);`,
};

describe("code mode's declarations type-check", () => {
  it.each(Object.keys(CODE))("%s", { timeout: 300_000 }, async (spec) => {
    const declarations = await declarationsOf(spec);
    const code = `export async function run(): Promise<unknown> {${CODE[spec]}\n}\n`;
    expect(diagnostics({ "/api.d.ts": declarations, "/code.ts": code })).toEqual([]);
  });
});
