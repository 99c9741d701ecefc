// Path keys with a query part, on the wire. AWS and Azure documents converted by APIs.guru write fixed query items
// after a `#` (`/{Bucket}/{Key}#uploads`, `/tags/{resource-arn}#tagKeys`, `/{roleId}#disambiguation_dummy`) and
// Azure's `x-ms-paths` after a `?` (`/templeton/v1/jobs?op=LISTAFTERID`). Every tool of the corpus's AWS and Azure
// documents whose key has one is called through the official client, with a distinct marker value per field, on
// both back ends: `mcpsmith serve openapi`'s server and the project generated from the same document. The upstream
// must see exactly one request each time, with the method and path of the key and a query holding the key's fixed
// items and every query parameter given, and nothing sent as a fragment; an item naming one of the operation's
// header parameters (AWS's JSON protocol: `/#X-Amz-Target=Service.Operation`) goes out as that header instead.
//
// The expectations are read from the document's key (through each tool's origin pointer), not from the binding.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleOf } from "../packages/codegen/dist/emit/openapi/sample.js";
import type { OpenApiIR, ToolIR } from "../packages/codegen/dist/ir/types.js";
import { openApiServer } from "../packages/codegen/dist/serve/index.js";
import type { HttpExecutorOptions, HttpOperation } from "../packages/runtime/dist/executors/http/index.js";
import { generateCorpusProject, importGenerated } from "./support/generated-project.js";
import { credentialFor, decodeQuery, expectedRequest } from "./support/openapi-request.js";
import { createTestClient } from "./support/runtime.js";
import { startUpstream, type Upstream } from "./support/upstream.js";

const DOCUMENTS = [
  "aws-iot1click-devices-apisguru.json",
  "aws-s3-apisguru.json",
  "aws-cur-apisguru.json",
  "azure-authorization-rolebasedcalls-apisguru.json",
  "azure-hdinsight-job-apisguru.json",
];
/** Items that only tell two keys apart: never on the wire. */
const DISAMBIGUATION = /^(disambiguation_dummy|.*!)$/;

type Tool = ToolIR<HttpOperation>;
type Client = Awaited<ReturnType<typeof createTestClient>>;

const workspace = mkdtempSync(join(tmpdir(), "mcpsmith-path-keys-"));
let upstream: Upstream;
/** What was checked, for the report at the end. */
const counted = { keyed: 0, requests: 0 };

beforeAll(async () => {
  upstream = await startUpstream(() => ({ json: { ok: true } }));
});
afterAll(async () => {
  await upstream?.close();
  rmSync(workspace, { recursive: true, force: true });
  console.info(`path keys: ${counted.keyed} tools with a # or ? key, ${counted.requests} requests checked`);
});

/** The path key and method of a tool's operation, from its origin pointer (`/paths/<key>/<method>`). */
function keyOf(tool: Tool): { key: string; method: string } {
  const [, , key, method] = tool.origin.pointer.split("/");
  return { key: key!.replaceAll("~1", "/").replaceAll("~0", "~"), method: method!.toUpperCase() };
}

/**
 * A distinct marker per argument that takes any string; the sample value (enum, boolean, number) otherwise.
 * Optional headers are left out: they are not what this file checks (the corpus test, generate-openapi.corpus,
 * sends them all).
 */
function markedArguments(tool: Tool): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const optionalHeaders = new Set(
    tool.binding.parameters.filter((p) => p.in === "header" && !p.required).map((p) => p.argument),
  );
  Object.entries(tool.inputSchema.properties ?? {}).forEach(([name, property], index) => {
    if (optionalHeaders.has(name)) return;
    const schema = property as Record<string, unknown>;
    const plain = schema.type === "string" && !("enum" in schema || "format" in schema || "pattern" in schema);
    const value = plain ? `m${index}x` : sampleOf(property, tool.inputSchema);
    if (value !== undefined) args[name] = value;
  });
  return args;
}

describe.each(DOCUMENTS)("%s", (file) => {
  let ir: OpenApiIR;
  let keyed: Tool[];
  const clients: Record<string, Client> = {};

  beforeAll(async () => {
    const project = join(workspace, file.replace(/\W+/g, "-"));
    ir = await generateCorpusProject(file, project, workspace);
    keyed = ir.tools.filter((tool) => /[#?]/.test(keyOf(tool).key));
    const generated = await importGenerated(project);
    const env = Object.fromEntries(ir.credentials.map(({ env: name }) => [name, credentialFor(name)]));
    const executor: HttpExecutorOptions = { env, baseUrl: `${upstream.url}/base` };
    clients.served = await createTestClient(openApiServer(ir, { mode: "tools", executor }).builder);
    clients.generated = await createTestClient(generated.createServer({ mode: "tools", executor }));
  }, 120_000);
  afterAll(async () => {
    await clients.served?.close();
    await clients.generated?.close();
  });

  it("has tools whose path key carries a query part, each its own tool", () => {
    expect(keyed.length).toBeGreaterThan(0);
    const routes = keyed.map((tool) => `${keyOf(tool).method} ${keyOf(tool).key}`);
    expect(new Set(routes).size).toBe(keyed.length);
    expect(new Set(ir.tools.map((tool) => tool.name)).size).toBe(ir.tools.length);
  });

  it.each(["served", "generated"])(
    "%s: each sends one request with the key's path and fixed query and every query parameter",
    async (backEnd) => {
      for (const tool of keyed) {
        const { key, method } = keyOf(tool);
        const [template, suffix] = key.split(/[#?](.*)/s) as [string, string];
        const args = markedArguments(tool);
        const before = upstream.requests.length;
        const result = await clients[backEnd]!.callTool({ name: tool.name, arguments: args });
        expect(upstream.requests.length - before, `${tool.name}: ${JSON.stringify(result.content)}`).toBe(1);
        const request = upstream.last();
        counted.requests++;

        expect(request.method).toBe(method);
        expect(request.url).not.toContain("#");
        const path = template.replace(/\{([^{}]+)\}/g, (_all, name: string) => {
          const parameter = tool.binding.parameters.find((p) => p.in === "path" && p.name === name)!;
          return encodeURIComponent(String(args[parameter.argument]));
        });
        expect(request.path).toBe(`/base${path}`);

        const sent = decodeQuery(request.query);
        const declared = new Set(tool.binding.parameters.map((parameter) => parameter.name));
        const fixedHeaders = new Set((tool.binding.fixedHeaders ?? []).map((header) => header.name));
        const headers = new Set(tool.binding.parameters.filter((p) => p.in === "header").map((p) => p.name));
        // A bare or `name=value` item is sent as the key writes it; a declared name is its parameter's to send; a
        // header parameter's name with a value is that header's, never a query item.
        for (const item of suffix.split("&")) {
          const [name, value] = item.split("=") as [string, string | undefined];
          if (value !== undefined && (fixedHeaders.has(name) || headers.has(name))) {
            expect(fixedHeaders.has(name) && !headers.has(name), `${tool.name}: ${name} is fixed`).toBe(true);
            expect(request.headers[name.toLowerCase()], tool.name).toBe(value);
            expect(sent.map(([sentName]) => sentName)).not.toContain(name);
          } else if (DISAMBIGUATION.test(name)) expect(sent.map(([sentName]) => sentName)).not.toContain(name);
          else if (!declared.has(name)) expect(request.query.split("&")).toContain(item);
        }
        for (const parameter of tool.binding.parameters.filter((p) => p.in === "query")) {
          if (args[parameter.argument] === undefined) continue;
          expect(
            sent.map(([sentName]) => sentName),
            `${tool.name}: ${parameter.name}`,
          ).toContain(parameter.name);
        }
        expect(sent).toEqual(expectedRequest(tool.binding, args).query);
      }
      counted.keyed += backEnd === "served" ? keyed.length : 0;
    },
    60_000,
  );
});
