// The README's demo: an MCP server generated from the bundled petstore document, built, and driven through the
// official MCP client against a local mock of the petstore API. No network, no credentials to set.
//
//   pnpm demo            (from the repository root: builds the workspace first)
//   node examples/petstore/demo.mjs [--keep]   (--keep leaves the generated project in place and prints where)

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SPEC = join(ROOT, "examples/petstore/openapi.yaml");
const keep = process.argv.includes("--keep");
const workspace = mkdtempSync(join(tmpdir(), "mcpsmith-petstore-demo-"));
const project = join(workspace, "petstore-mcp");

const bold = (text) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\x1b[1m${text}\x1b[22m` : text);
let stepNumber = 0;
const step = (text) => console.log(`\n${bold(`${++stepNumber}. ${text}`)}`);
const show = (text) => console.log(`   ${String(text).replaceAll("\n", "\n   ")}`);

function run(command, args, cwd) {
  show(`$ ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, { cwd, encoding: "utf8" });
  const output = `${result.stdout}${result.stderr}`.trim();
  if (output) show(output);
  if (result.status !== 0) throw new Error(`${command} exited with ${result.status}`);
}

const shorten = (text) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

/** A JSON array result (findPetsByStatus answers a list of pets), shown an item a line; undefined for anything else. */
function arrayIn(text) {
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

let mock;
let client;
try {
  step("Generate an MCP server project from the petstore's OpenAPI document");
  run(
    process.execPath,
    [join(ROOT, "packages/cli/dist/bin.js"), "generate", "openapi", SPEC, "--out", "petstore-mcp"],
    workspace,
  );

  step("Install its dependency, the mcpsmith runtime, from this checkout (offline: a link)");
  mkdirSync(join(project, "node_modules/@mcpsmith"), { recursive: true });
  mkdirSync(join(project, "node_modules/@types"), { recursive: true });
  symlinkSync(join(ROOT, "packages/runtime"), join(project, "node_modules/@mcpsmith/runtime"), "dir");
  symlinkSync(join(ROOT, "node_modules/@types/node"), join(project, "node_modules/@types/node"), "dir");
  show(`${project}/node_modules/@mcpsmith/runtime -> packages/runtime`);

  step("Build it (tsc --strict)");
  run(join(ROOT, "node_modules/.bin/tsc"), ["-p", "tsconfig.build.json"], project);
  show("dist/main.js and dist/generated/*.js written");

  step("Start a local mock of the petstore API (made up from the document's schemas and examples)");
  const { listenMockApi } = await import(pathToFileURL(join(project, "dist/generated/mock-api.js")).href);
  mock = await listenMockApi(0);
  show(`listening on ${mock.url}`);

  step("Start the generated server over stdio and connect the official MCP client");
  // Made-up credentials (the mock accepts any): without them the server refuses to send the request at all.
  const credentials = { PETSTORE_API_KEY: "demo-key", PETSTORE_AUTH_TOKEN: "demo-token" };
  const env = { ...process.env, PETSTORE_BASE_URL: mock.url, ...credentials };
  show(`$ PETSTORE_BASE_URL=${mock.url} PETSTORE_API_KEY=demo-key PETSTORE_AUTH_TOKEN=demo-token node dist/main.js`);
  client = new Client({ name: "petstore-demo", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: ["dist/main.js"], cwd: project, env, stderr: "pipe" }),
  );
  const { tools } = await client.listTools();
  show(`tools/list: ${tools.length} tools — ${tools.map((tool) => tool.name).join(", ")}`);

  const calls = [
    { name: "getPetById", arguments: { petId: 10 } },
    { name: "findPetsByStatus", arguments: { status: "available" } },
    { name: "getInventory", arguments: {} },
    { name: "addPet", arguments: { body: { name: "Rex", photoUrls: ["https://example.com/rex.png"] } } },
  ];
  for (const call of calls) {
    step(`Call ${call.name} ${JSON.stringify(call.arguments)}`);
    const before = mock.api.requests.length;
    const result = await client.callTool(call);
    for (const request of mock.api.requests.slice(before)) {
      const auth = request.headers.api_key
        ? ` (api_key: ${request.headers.api_key})`
        : request.headers.authorization
          ? ` (authorization: ${request.headers.authorization})`
          : "";
      show(`the mock API received ${request.method} ${request.url}${auth}${request.body ? ` ${request.body}` : ""}`);
    }
    const text = result.content.find((item) => item.type === "text")?.text ?? "";
    const list = result.isError ? undefined : arrayIn(text);
    if (list === undefined) {
      show(`${result.isError ? "error" : "result"}: ${shorten(text)}`);
    } else {
      show(`result: ${list.length} ${list.length === 1 ? "item" : "items"}`);
      for (const item of list) show(`- ${shorten(JSON.stringify(item))}`);
    }
  }

  step("Done");
  show(keep ? `The project is in ${project}` : "Run with --keep to look at the generated project.");
} finally {
  await client?.close();
  await mock?.close();
  if (!keep) rmSync(workspace, { recursive: true, force: true });
}
