// Microsoft Graph generated as a project: its schemas reference each other so widely that each tool's `$defs`
// closure holds more than a thousand definitions. The project writes them once (src/generated/definitions.ts) and
// composes each tool's `$defs` when first read. Two tags (224 operations) reach the same definitions as the whole
// document at a fraction of tsc's time; bench/openapi runs the whole of it. Checked: the project builds under
// tsc --strict, every tool schema equals the one `mcpsmith serve openapi` gives, and the official client searches,
// describes and calls operations through it against the generated mock API.

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { corpusFile } from "@mcpsmith/corpus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../packages/cli/src/test-support.js";
import { toolDefinitionOf } from "../packages/codegen/dist/ir/tool-definition.js";
import { openApiServer } from "../packages/codegen/dist/serve/index.js";
import { loadOpenApi } from "../packages/codegen/dist/sources/openapi/index.js";
import { createTestClient, type ServerModel } from "./support/runtime.js";
import { ROOT } from "./support/servers.js";

const MSGRAPH = corpusFile("openapi/msgraph-v1-apisguru.json");
const TAGS = ["users.user", "users.calendar"];
const workspace = mkdtempSync(join(tmpdir(), "mcpsmith-generate-msgraph-"));
const project = join(workspace, "graph");
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

interface GeneratedIndex {
  createServer(options?: Record<string, unknown>): ServerModel;
}
interface GeneratedMock {
  createMockApi(): { fetch: typeof fetch; requests: { method: string; url: string; body: string }[] };
}

describe("generate openapi on Microsoft Graph", () => {
  let generated: Awaited<ReturnType<typeof runCli>>;
  beforeAll(async () => {
    generated = await runCli(["generate", "openapi", MSGRAPH, "--tags", TAGS.join(","), "--out", "graph"], {
      cwd: workspace,
    });
  }, 300_000);

  it("writes each shared definition once, not into every tool", () => {
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stdout).toMatch(/^224 tools; tools\/list ≈ [\d,]+ tokens$/m);
    const definitions = readFileSync(join(project, "src/generated/definitions.ts"), "utf8");
    // Once in each table that holds it: DEFINITIONS, and LOOSE_DEFINITIONS (its loosened form) where listed so.
    const tables = definitions.split(/^(?:export )?const /m).slice(1);
    const holding = tables.filter((table) => /^ {2}"microsoft\.graph\.user": \{$/m.test(table));
    expect(holding.map((table) => table.slice(0, table.indexOf(":")))).toContain("DEFINITIONS");
    for (const table of holding) expect(table.match(/^ {2}"microsoft\.graph\.user": \{$/gm)).toHaveLength(1);
    for (const group of ["users-user.ts", "users-calendar.ts"]) {
      const source = readFileSync(join(project, "src/generated", group), "utf8");
      expect(source).toContain('from "./definitions.js"');
      expect(source).not.toContain("$defs:");
    }
  });

  it("builds under tsc --strict", () => {
    mkdirSync(join(project, "node_modules/@mcpsmith"), { recursive: true });
    mkdirSync(join(project, "node_modules/@types"), { recursive: true });
    symlinkSync(join(ROOT, "packages/runtime"), join(project, "node_modules/@mcpsmith/runtime"), "dir");
    symlinkSync(join(ROOT, "node_modules/@types/node"), join(project, "node_modules/@types/node"), "dir");
    const tsc = spawnSync(join(ROOT, "node_modules/.bin/tsc"), ["-p", "tsconfig.build.json"], {
      cwd: project,
      encoding: "utf8",
    });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
    expect(tsc.status).toBe(0);
    expect(readdirSync(join(project, "dist/generated"))).toContain("definitions.js");
  }, 600_000);

  it("serves every tool with the schemas `mcpsmith serve openapi` gives, $defs composed included", async () => {
    const { createServer } = (await import(join(project, "dist/generated/index.js"))) as GeneratedIndex;
    const ir = await loadOpenApi(MSGRAPH, { include: { tags: TAGS } });
    const tools = new Map(createServer({ mode: "tools" }).tools.map((tool) => [tool.name, tool]));
    expect([...tools.keys()]).toEqual(ir.tools.map((tool) => tool.name));
    let composed = 0;
    for (const tool of ir.tools) {
      const { input, output } = toolDefinitionOf(tool).options;
      const served = tools.get(tool.name)!;
      // As JSON, so the order of `$defs` keys counts: tools/list carries them in this order.
      expect(JSON.stringify(served.input), tool.name).toBe(JSON.stringify(input));
      expect(JSON.stringify(served.output), tool.name).toBe(JSON.stringify(output));
      if (tool.inputSchema.$defs !== undefined) composed++;
    }
    expect(composed).toBeGreaterThan(50);

    const discovery = await createTestClient(createServer());
    const served = await createTestClient(openApiServer(ir).builder);
    try {
      expect((await discovery.listTools()).tools).toEqual((await served.listTools()).tools);
    } finally {
      await Promise.all([discovery.close(), served.close()]);
    }
  }, 300_000);

  it("searches, describes and calls operations in discovery mode against its mock API", async () => {
    const { createServer } = (await import(join(project, "dist/generated/index.js"))) as GeneratedIndex;
    const { createMockApi } = (await import(join(project, "dist/generated/mock-api.js"))) as GeneratedMock;
    const api = createMockApi();
    const client = await createTestClient(
      createServer({ mode: "discovery", executor: { baseUrl: "http://mock.test", fetch: api.fetch } }),
    );
    try {
      const found = await client.callTool({ name: "search_operations", arguments: { query: "update user" } });
      const names = (found.structuredContent as { operations: { name: string }[] }).operations.map((hit) => hit.name);
      expect(names).toContain("users_user_UpdateUser");

      // The schema is too large for one answer: the root and the names of its definitions, then those asked for.
      const described = await client.callTool({
        name: "describe_operation",
        arguments: { name: "users_user_UpdateUser" },
      });
      const description = described.structuredContent as { definitions: string[]; inputSchema: object };
      expect(description.inputSchema).not.toHaveProperty("$defs");
      expect(description.definitions.length).toBeGreaterThan(1000);
      expect(description.definitions).toContain("microsoft.graph.user");
      const asked = await client.callTool({
        name: "describe_operation",
        arguments: { name: "users_user_UpdateUser", definitions: ["microsoft.graph.user"] },
      });
      const definitions = (asked.structuredContent as { definitions: Record<string, { allOf?: unknown[] }> })
        .definitions;
      expect(definitions["microsoft.graph.user"]?.allOf).toContainEqual({
        $ref: "#/$defs/microsoft.graph.directoryObject",
      });

      // Validated against the composed schema: Graph's entities require their `@odata.type`.
      const user = { "@odata.type": "#microsoft.graph.user", displayName: "Ada" };
      const updated = await client.callTool({
        name: "call_operation",
        arguments: { name: "users_user_UpdateUser", arguments: { "user-id": "ada", body: user } },
      });
      expect(updated.isError, JSON.stringify(updated.content)).toBeFalsy();
      // A required `@odata.type` left out takes the default user's schema gives it before the schema is checked.
      const defaulted = await client.callTool({
        name: "call_operation",
        arguments: { name: "users_user_UpdateUser", arguments: { "user-id": "ada", body: { displayName: "Ada" } } },
      });
      expect(defaulted.isError, JSON.stringify(defaulted.content)).toBeFalsy();
      const rejected = await client.callTool({
        name: "call_operation",
        arguments: {
          name: "users_user_UpdateUser",
          arguments: { "user-id": "ada", body: { ...user, accountEnabled: "yes" } },
        },
      });
      expect(rejected.isError).toBe(true);
      expect(JSON.stringify(rejected.content)).toContain("arguments.body.accountEnabled: must be boolean,null");
      const fetched = await client.callTool({
        name: "call_operation",
        arguments: { name: "users_user_GetUser", arguments: { "user-id": "ada" } },
      });
      expect(fetched.isError, JSON.stringify(fetched.content)).toBeFalsy();
      expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
        "PATCH /users/ada",
        "PATCH /users/ada",
        "GET /users/ada",
      ]);
      expect(JSON.parse(api.requests[0]!.body)).toEqual(user);
      expect(JSON.parse(api.requests[1]!.body)).toEqual(user);
    } finally {
      await client.close();
    }
  }, 300_000);
});
