// Every document of the corpus (msgraph aside: see CORPUS_GROUPS), generated as a project and held to four promises
// at once:
//   - the project type-checks under its own tsconfig (tsc --strict): one `tsc -b` over all the projects, started as
//     soon as they are written and run beside the other tests, shares the parse of the runtime's and Node's types;
//   - its createServer() lists exactly what `mcpsmith serve openapi` lists from the same IR, in tools and discovery
//     modes, page by page through the official client (the emitted src/generated/index.ts is imported);
//   - its own generated tests pass against its generated mock API (vitest runs them in batches, as tsc checks;
//     both are awaited after every document's other tests, so they run while the next documents are generated);
//   - both back ends send, through the official client, the request the specification describes to a recording
//     upstream, for every tool of the document (test/support/openapi-wire.ts: a marker of its own in every field,
//     each found where its operation puts it, byte for byte the same from both back ends); the counts are printed
//     per document. Error statuses, binary responses and missing credentials are checked on each document too.
//
// Two test files take a group of documents each (generate-openapi.corpus.test.ts and
// generate-openapi.corpus-large.test.ts), so vitest runs them side by side; each file, in a worker of its own, has
// its own workspace, upstream and batches of child processes.

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { corpusFile } from "@mcpsmith/corpus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenApiIR } from "../packages/codegen/dist/ir/types.js";
import { openApiServer } from "../packages/codegen/dist/serve/index.js";
import { loadOpenApi } from "../packages/codegen/dist/sources/openapi/source.js";
import type { HttpExecutorOptions } from "../packages/runtime/dist/executors/http/index.js";
import { answersWithoutBody } from "../packages/runtime/dist/internal.js";
import { generateCorpusProject, importGenerated } from "./support/generated-project.js";
import { credentialFor, tokenReply } from "./support/openapi-request.js";
import {
  argumentsFor,
  type Client,
  callAll,
  checkEveryTool,
  RELATIVE_BASE,
  reportLine,
  serversAreRelative,
  type Tool,
  textOf,
  uncallable,
} from "./support/openapi-wire.js";
import { createTestClient } from "./support/runtime.js";
import { ROOT } from "./support/servers.js";
import { type RecordedRequest, startUpstream, type Upstream, type UpstreamReply } from "./support/upstream.js";

const workspace = mkdtempSync(join(tmpdir(), "mcpsmith-generate-corpus-"));

/**
 * Every corpus document tested, in two groups taking about the same time, one per test file so that vitest runs
 * them side by side: Kubernetes (the longest) with the small and middling documents, the other large ones apart.
 * Largest first: a large project's type-check and own tests, the longest child processes, then run while the
 * smaller documents are tested instead of after the last of them.
 * msgraph (11,412 tools) is left out: its project generates (~30 s, 41 MB of source, definitions written once) and
 * starts, but type-checking it takes minutes and ~3 GB (bench/README.md, "Start-up in --mode tools");
 * test/serve-openapi.msgraph-wire.test.ts holds its served back end to the wire check (`describeServedWire`).
 */
export const CORPUS_GROUPS = {
  withKubernetes: [
    "kubernetes-1.13-swagger2.json",
    "discord-openapi.json",
    "datadog-v1-oas30.yaml",
    "asana-oas.yaml",
    "twilio-api-v2010.json",
    "slack-web-swagger2.json",
    "notion-openapi-from-notion-mcp-server.json",
    "aws-s3-apisguru.json",
    "aws-iot1click-devices-apisguru.json",
    "aws-cur-apisguru.json",
    "azure-authorization-rolebasedcalls-apisguru.json",
    "azure-hdinsight-job-apisguru.json",
    "ferry-booking-oas31.yaml",
    "catalog-search-oas32.yaml",
    "clair-v1-oas31.json",
    "webhook-example-oas31.yaml",
    "petstore-swagger2.json",
    "petstore3-oas30.yaml",
    "petstore-minimal-oas30.yaml",
    "readme-parameters-style-oas31.json",
    "readme-schema-validation-oas30.json",
    "readme-uspto-oas30.json",
    "readme-security-multiple-oas30.json",
    "readme-parameters-common-oas30.json",
    "readme-circular-paths-oas30.json",
  ],
  large: [
    "github-rest-oas30.json",
    "stripe-spec3.json",
    "digitalocean-multifile/specification/DigitalOcean-public.v2.yaml",
    "openai-openapi.yaml",
    "box-openapi.json",
  ],
} as const;

const folderOf = (file: string) => file.replace(/\W+/g, "-");
const projectOf = (file: string) => join(workspace, folderOf(file));
let upstream: Upstream;
let answer: (request: RecordedRequest) => UpstreamReply = () => ({ json: { ok: true } });

/** The child process (tsc or vitest) running now: one at a time, so the tests beside them keep a core. */
let childRunning: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` over project folders in batches: a folder queued while a batch runs joins the next one, so one
 * process serves many projects (sharing the parse of the runtime's and Node's types) while the tests go on beside
 * it. Resolves to the result of the batch that took `folder`.
 */
function batched<T>(work: (folders: string[]) => Promise<T>): (folder: string) => Promise<T> {
  let queue: string[] | undefined;
  let queued: Promise<T>;
  return (folder) => {
    if (!queue) {
      const folders: string[] = [];
      queue = folders;
      queued = childRunning.then(() => {
        queue = undefined;
        return work(folders);
      });
      childRunning = queued.catch(() => undefined);
    }
    queue.push(folder);
    return queued;
  };
}

const typeCheck = batched(tscBuild);
const runOwnTests = batched(vitestRun);

/**
 * Each document's type-check and own tests, started when its project is written and awaited only after every
 * document's other tests (see the last describe), so the next document is generated while they run.
 */
const projectChecks = new Map<string, { typeChecked: Promise<string>; ownTests: Promise<VitestReport> }>();

function startProjectChecks(file: string): void {
  const checks = { typeChecked: typeCheck(folderOf(file)), ownTests: runOwnTests(folderOf(file)) };
  // Awaited later: a failure must not be reported as an unhandled rejection before its test reads it.
  for (const check of Object.values(checks)) check.catch(() => undefined);
  projectChecks.set(file, checks);
}

/** `tsc -b --noEmit` over the projects' own tsconfig.json, in a child process: resolves to its output. */
function tscBuild(projects: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, "node_modules/.bin/tsc"), ["-b", "--noEmit", "--pretty", "false", ...projects], {
      cwd: workspace,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", () => resolve(output));
  });
}

interface VitestReport {
  testResults: {
    name: string;
    status: string;
    message: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

/**
 * The projects' own generated tests (src/generated/tools.test.ts: tools listed, a few tools called with arguments
 * made up from their schemas against the generated mock API), in one vitest process: resolves to its JSON report.
 */
function vitestRun(projects: string[]): Promise<VitestReport> {
  const report = join(workspace, `vitest-${projects[0]}.json`);
  const { FORCE_COLOR: _color, ...env } = process.env;
  const args = ["run", "--root", workspace, "--reporter=json", `--outputFile=${report}`, "--testTimeout=120000"];
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, "node_modules/.bin/vitest"), [...args, ...projects.map((p) => `${p}/src/`)], {
      cwd: workspace,
      env: { ...env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", () => {
      try {
        resolve(JSON.parse(readFileSync(report, "utf8")) as VitestReport);
      } catch {
        reject(new Error(`vitest wrote no report:\n${output}`));
      }
    });
  });
}

/** Every page of tools/list. */
async function listAll(client: Client) {
  const tools = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

/**
 * The executor sends to the server the document names (variables at their defaults); this fetch carries it to
 * the upstream with the origin kept in the path, `https://api.example.com/v1/x` -> `<upstream>/https/api.example.com/v1/x`,
 * so the recorded request shows the server the executor picked.
 */
function throughUpstream(url: string | URL | Request, init?: RequestInit): Promise<Response> {
  const [, scheme, host, rest] = /^(https?):\/\/([^/?#]+)(.*)$/.exec(String(url))!;
  return fetch(`${upstream.url}/${scheme}/${host}${rest}`, init);
}

/**
 * Registers the corpus checks for `specs` (paths under the corpus's `openapi/` folder): each document generated,
 * served, called and checked by its own tools as the header says.
 */
export function describeCorpus(specs: readonly string[]): void {
  beforeAll(async () => {
    upstream = await startUpstream((request) => tokenReply(request) ?? answer(request));
  });
  afterAll(async () => {
    await upstream?.close();
    rmSync(workspace, { recursive: true, force: true });
  });

  describe.each(specs)("%s", (file) => {
    let ir: OpenApiIR;
    let env: Record<string, string>;
    let generated: Client;
    let served: Client;
    let generatedModule: Awaited<ReturnType<typeof importGenerated>>;

    beforeAll(async () => {
      ir = await generateCorpusProject(file, projectOf(file), workspace);
      startProjectChecks(file);
      env = Object.fromEntries(ir.credentials.map(({ env: name }) => [name, credentialFor(name)]));
      generatedModule = await importGenerated(projectOf(file));
      // One executor configuration for both back ends; `env` is read at each call, so a test can take credentials away.
      const relative = serversAreRelative(ir);
      const executor: HttpExecutorOptions = {
        env,
        fetch: throughUpstream,
        ...(relative && { baseUrl: RELATIVE_BASE }),
      };
      generated = await createTestClient(generatedModule.createServer({ mode: "tools", executor }));
      served = await createTestClient(openApiServer(ir, { mode: "tools", executor }).builder);
      // Kubernetes' generation and its two servers (each compiling thousands of schemas) are the slowest setup here.
    }, 600_000);
    afterAll(async () => {
      await generated?.close();
      await served?.close();
      // The IR and the clients of a large document weigh hundreds of MB: let them go before the next document.
      ir = undefined as unknown as OpenApiIR;
      generated = served = undefined as unknown as Client;
      answer = () => ({ json: { ok: true } });
    });

    /** Calls `tool` on both back ends; returns both results and both recorded requests (undefined when none was sent). */
    const callBoth = (tool: Tool, args: Record<string, unknown>) => callAll([generated, served], upstream, tool, args);

    it("lists the tools serve openapi lists, in tools and discovery modes", async () => {
      const generatedTools = await listAll(generated);
      expect(generatedTools.map((tool) => tool.name)).toEqual(ir.tools.map((tool) => tool.name));
      expect(generatedTools).toEqual(await listAll(served));

      const discovery = await createTestClient(generatedModule.createServer({ mode: "discovery" }));
      const servedDiscovery = await createTestClient(openApiServer(ir, { mode: "discovery" }).builder);
      try {
        const listed = await listAll(discovery);
        expect(listed.map((tool) => tool.name)).toEqual(["search_operations", "describe_operation", "call_operation"]);
        expect(listed).toEqual(await listAll(servedDiscovery));
      } finally {
        await discovery.close();
        await servedDiscovery.close();
      }
    }, 300_000);

    it("sends every tool's request as the document describes it, the same from both back ends", async () => {
      const counts = await checkEveryTool({
        ir,
        clients: [served, generated],
        upstream,
        reply: (reply) => (answer = reply),
      });
      console.log(reportLine(file, counts));
    }, 600_000);

    /**
     * The first tool whose made-up arguments both back ends send (with `reply` as the upstream's answer), among
     * those without an output schema (whose results must be structured) when `unstructured`.
     */
    /** The first tool whose request went out, answered by `reply`; `unstructured`: one whose answer has a body the tool does not type (no output schema, and not HEAD's empty one). */
    async function firstSent(reply: typeof answer, unstructured = false) {
      answer = reply;
      for (const tool of ir.tools) {
        const typed = tool.outputSchema !== undefined || answersWithoutBody(tool.binding.method);
        if ((unstructured && typed) || uncallable(tool) !== undefined) continue;
        const { results, requests } = await callBoth(tool, argumentsFor(tool));
        if (requests[1]) return { tool, results, requests };
      }
      return undefined;
    }

    it("answers an error status with isError carrying the status and the body", async (context) => {
      const sent = await firstSent(() => ({ status: 404, json: { message: "no such thing" } }));
      if (!sent) return context.skip(ir.tools.length === 0, "the document has no operation");
      expect(sent.requests[0]).toBeDefined();
      for (const result of sent.results) {
        expect(result.isError).toBe(true);
        expect(textOf(result)).toMatch(/HTTP 404.*no such thing/);
      }
    });

    it("answers a binary response with image content or an embedded resource", async (context) => {
      const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
      for (const mimeType of ["image/png", "application/zip"]) {
        const sent = await firstSent(() => ({ headers: { "Content-Type": mimeType }, body: bytes }), true);
        if (!sent) return context.skip(true, "every operation of the document answers structured JSON");
        expect(sent.results[0]).toEqual(sent.results[1]);
        const block = (sent.results[1]!.content as Record<string, unknown>[])[0];
        if (mimeType.startsWith("image/"))
          expect(block).toEqual({ type: "image", mimeType, data: bytes.toString("base64") });
        else expect(block).toMatchObject({ type: "resource", resource: { mimeType, blob: bytes.toString("base64") } });
      }
    });

    it("answers a missing credential with isError naming the variable, and sends nothing", async (context) => {
      const needsCredentials = (tool: Tool) =>
        tool.binding.security.length > 0 && tool.binding.security.every((names) => names.length > 0);
      const tool = ir.tools.find(needsCredentials);
      if (!tool) return context.skip(true, "no operation of the document requires a credential");
      const variables = tool.binding.security
        .flat()
        .flatMap((name) =>
          ir.credentials.filter((credential) => credential.scheme === name).map((credential) => credential.env),
        );
      const saved = { ...env };
      for (const name of Object.keys(env)) delete env[name];
      try {
        const { results, requests } = await callBoth(tool, argumentsFor(tool));
        expect(requests).toEqual([undefined, undefined]);
        for (const result of results) {
          expect(result.isError).toBe(true);
          expect(
            variables.some((variable) => textOf(result).includes(variable)),
            textOf(result),
          ).toBe(true);
        }
      } finally {
        Object.assign(env, saved);
      }
    });
  });

  describe.each(specs)("%s, checked by its own tools", (file) => {
    const checksOf = () => {
      const checks = projectChecks.get(file);
      if (!checks) throw new Error(`${file} was not generated: see its failure above`);
      return checks;
    };

    it("passes its own generated tests against its mock API", async () => {
      const project = `${projectOf(file)}/`;
      const own = (await checksOf().ownTests).testResults.filter((result) => result.name.startsWith(project));
      expect(own.map((result) => result.name)).toEqual([`${project}src/generated/tools.test.ts`]);
      const [tests] = own;
      const failed = tests!.assertionResults.filter((test) => test.status !== "passed");
      expect(failed.map((test) => `${test.fullName}: ${test.failureMessages.join("\n")}`)).toEqual([]);
      expect(tests!.status, tests!.message).toBe("passed");
      expect(tests!.assertionResults.length).toBeGreaterThan(0);
    }, 600_000);

    it("type-checks under tsc --strict", async () => {
      // tsc names files relative to the workspace; a line of no project's (a config problem) fails every document.
      const lines = (await checksOf().typeChecked).split("\n").filter((line) => line.trim() !== "");
      const others = specs.filter((other) => other !== file).map((other) => `${folderOf(other)}/`);
      expect(lines.filter((line) => !others.some((prefix) => line.startsWith(prefix)))).toEqual([]);
    }, 600_000);
  });
}

/**
 * The wire check alone, on the served back end only, for documents whose generated project is out of reach
 * (msgraph: see CORPUS_GROUPS), in a test file of its own (test/serve-openapi.msgraph-wire.test.ts). The generated
 * back end is built from the same IR and sends through the same executor; describeCorpus holds the two to the same
 * bytes on every other document.
 */
export function describeServedWire(specs: readonly string[]): void {
  beforeAll(async () => {
    upstream = await startUpstream((request) => tokenReply(request) ?? answer(request));
  });
  afterAll(() => upstream?.close());

  describe.each(specs)("%s, served", (file) => {
    it("sends every tool's request as the document describes it", async () => {
      const ir = await loadOpenApi(corpusFile(`openapi/${file}`));
      const env = Object.fromEntries(ir.credentials.map(({ env: name }) => [name, credentialFor(name)]));
      const relative = serversAreRelative(ir);
      const executor: HttpExecutorOptions = {
        env,
        fetch: throughUpstream,
        ...(relative && { baseUrl: RELATIVE_BASE }),
      };
      const served = await createTestClient(openApiServer(ir, { mode: "tools", executor }).builder);
      try {
        const counts = await checkEveryTool({ ir, clients: [served], upstream, reply: (reply) => (answer = reply) });
        console.log(reportLine(file, counts));
      } finally {
        await served.close();
      }
    }, 3_600_000);
  });
}
