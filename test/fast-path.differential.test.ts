// The fast path's differential test ("same bytes on the wire"): every request below is sent to two servers
// of the same model, one served with `fastPath: true` and one with `fastPath: false` (every request through the
// SDK's per-request server), and their answers must be the same: over HTTP the status, the headers named in
// test/support/differential.ts (COMPARED_HEADERS) and the body parsed (an SSE answer: its events' data, in order);
// over stdio every line written until the server is done with the request. The only differences allowed are the
// values a server makes up (task ids, the clock in a signed requestState and in task timestamps, its own port),
// each replaced by a named rule there. A difference fails with the request and both answers.
//
// The requests: (a) valid hot requests of every kind over test/fixtures/differential-server.mjs, whose model has a
// member for each branch; (b) the bad-input list of test/http.bad-input.test.ts; (c) every request the official
// conformance suite sent to examples/conformance-server, both requirement sets (test/fixtures/conformance-traffic.json,
// recorded by test/conformance.test.ts); (d) fast-check mutations of valid requests, with a fixed seed; (e) the
// fixture with API-key authentication, scopes and middleware hooks in the way. (a), (c) and (d) run again as a 2025
// client sends them, on stdio connections opened with `initialize` (the legacy fast path); (a) also over HTTP, in a
// legacy session and without one.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEYS_ENV, MAX_BODY_BYTES, SHAPES, STATE_KEY } from "./fixtures/differential-server.mjs";
import { badInputs } from "./support/bad-input.js";
import {
  expectSame,
  type HttpObservation,
  HttpPair,
  newIssued,
  type Probe,
  probeOf,
  replayHttp,
  SIDES,
  type Side,
  StdioPair,
} from "./support/differential.js";
import { envelope, modernHeaders } from "./support/http.js";
import { CONFORMANCE_MAIN, type SpawnedHttpServer, spawnHttpServer } from "./support/servers.js";
import { StdioPeer } from "./support/stdio-peer.js";
import { CONFORMANCE_TRAFFIC, type RecordedExchange, type Recording } from "./support/traffic.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/differential-server.mjs", import.meta.url));
/** A server on the lean entry: its stdio connections open through the front (serve/stdio-front.ts). */
const LEAN_FIXTURE = fileURLToPath(new URL("./fixtures/lean-server.mjs", import.meta.url));
/** A hang guard for a stdio answer, not a speed assertion. */
const STDIO_HANG_GUARD_MS = 15_000;
/** The API keys of (e): one with every scope, one without `admin`. */
const FULL_KEY = "diff-key-full-0123456789";
const BASIC_KEY = "diff-key-basic-0123456789";
const KEYS_ENV = { [API_KEYS_ENV]: `full=${FULL_KEY} admin,basic=${BASIC_KEY}` };
/** fast-check's seed and runs: fixed, so that a run is repeatable; a failure prints its shrunk counterexample. */
const SEED = 17;
const GENERATED_RUNS = 300;

// ---------------------------------------------------------------------------------------------------------------
// Building requests

const TASKS = { extensions: { "io.modelcontextprotocol/tasks": {} } };

interface CallOptions {
  id?: string | number;
  /** `_meta` entries besides the envelope (a progressToken, a logLevel, keys of the client's own). */
  meta?: Record<string, unknown>;
  capabilities?: Record<string, unknown>;
  /** The `Mcp-Name` header; default: the name, URI or task id the method routes on. */
  name?: string;
  issues?: readonly string[];
}

let nextId = 1;

/** The second round of `confirm` (an elicitation), answered with `responses` under the first round's state. */
function confirmRound(what: string, subject: string, responses: Record<string, unknown>): Probe {
  const params = { name: "confirm", arguments: { what: subject }, inputResponses: responses };
  return request(
    what,
    "tools/call",
    { ...params, requestState: "«confirm state»" },
    { capabilities: { elicitation: {} } },
  );
}

/** A well-formed 2026-07-28 request of `method`, with its headers. */
function request(what: string, method: string, params: Record<string, unknown>, options: CallOptions = {}): Probe {
  const routed = (params.name ?? params.uri ?? params.taskId) as string | undefined;
  const name =
    options.name ??
    (method === "tools/call" || method === "prompts/get" || method === "resources/read" || method.startsWith("tasks/")
      ? routed
      : undefined);
  const meta = {
    ...envelope(),
    ...(options.capabilities && { "io.modelcontextprotocol/clientCapabilities": options.capabilities }),
    ...options.meta,
  };
  return {
    what,
    headers: modernHeaders(method, name),
    body: JSON.stringify({ jsonrpc: "2.0", id: options.id ?? nextId++, method, params: { ...params, _meta: meta } }),
    ...(options.issues && { issues: options.issues }),
  };
}

const call = (tool: string, args: Record<string, unknown> = {}, options: CallOptions = {}) =>
  request(`tools/call ${tool} ${JSON.stringify(args)}`, "tools/call", { name: tool, arguments: args }, options);

/** (a) The valid hot requests, in order (later ones may use what earlier answers issued). */
function hotRequests(): Probe[] {
  const chatty = (what: string, meta: Record<string, unknown>) => ({ ...call("chatty", {}, { meta }), what });
  return [
    request("server/discover", "server/discover", {}),
    {
      ...request("server/discover without _meta", "server/discover", {}),
      body: '{"jsonrpc":"2.0","id":"d","method":"server/discover","params":{}}',
    },
    call("echo", { text: "hi" }),
    call("echo", { text: "string id" }, { id: "a-string-id" }),
    call("echo", { text: "zero id" }, { id: 0 }),
    call(
      "echo",
      { text: "extra _meta" },
      { meta: { "example.com/trace": "abc", "io.modelcontextprotocol/related": 1 } },
    ),
    call("echo", {}),
    call("echo", { text: 5, extra: true }),
    call("add", { a: 1 }),
    call("add", { a: 1, b: 2 }),
    call("add", { a: "one" }),
    call("add", { a: 1, c: 3 }),
    call("count", {}),
    call("count", { n: "3" }),
    call("count", { n: 9 }),
    call("nothing"),
    call("flag"),
    call("listing"),
    call("structured"),
    call("typed", { good: true }),
    call("typed", { good: false }),
    call("media"),
    // Results that are not plain text, valid and not: the fast path checks their shape without the SDK's parse.
    ...Object.keys(SHAPES).map((shape) => ({ ...call("shaped", { shape }), what: `tools/call of a result: ${shape}` })),
    call("annotated"),
    ...["valid", "missing", "wrong nested type", "an extra member", "not an object", "nothing", "an error"].map((how) =>
      call("typed_more", { how }),
    ),
    call("typed_json", { n: 1 }),
    call("typed_json", { n: 1.5 }),
    call("long"),
    call("tool_error"),
    call("protocol_error"),
    call("plain_error"),
    call("timed_out"),
    call("no_such_tool"),
    request("tools/call without arguments", "tools/call", { name: "nothing" }),
    call("context", {}, { meta: { "example.com/caller": "me" }, capabilities: { elicitation: {} } }),
    chatty("chatty with neither progressToken nor logLevel (JSON)", {}),
    chatty("chatty with a progressToken (SSE)", { progressToken: "p-1" }),
    chatty("chatty with a logLevel (SSE)", { "io.modelcontextprotocol/logLevel": "info" }),
    chatty("chatty with both, logLevel debug", { progressToken: 7, "io.modelcontextprotocol/logLevel": "debug" }),
    chatty("chatty with an unknown logLevel", { "io.modelcontextprotocol/logLevel": "loud" }),
    { ...call("paced", {}, { meta: { progressToken: "p-paced" } }), what: "paced: progress, then a later turn (SSE)" },
    { ...call("paced", {}), what: "paced without a progressToken (JSON)" },
    { ...call("confirm", { what: "deploy" }), what: "confirm without the elicitation capability" },
    {
      ...call("confirm", { what: "deploy" }, { capabilities: { elicitation: {} }, issues: ["«confirm state»"] }),
      what: "confirm, first round (input_required)",
    },
    confirmRound("confirm, second round, accepted", "deploy", {
      "input-0": { action: "accept", content: { sure: true } },
    }),
    confirmRound("confirm, second round, declined", "deploy", { "input-0": { action: "decline" } }),
    confirmRound("confirm, second round, for other arguments (a replayed state)", "destroy", {
      "input-0": { action: "accept", content: { sure: true } },
    }),
    request(
      "confirm with a forged requestState",
      "tools/call",
      { name: "confirm", arguments: { what: "deploy" }, inputResponses: {}, requestState: "v1.e30.AAAA" },
      { capabilities: { elicitation: {} } },
    ),
    { ...call("render"), what: "render (task optional) without the tasks extension: inline" },
    { ...call("render", {}, { capabilities: TASKS, issues: ["«render task»"] }), what: "render as a task" },
    {
      ...request("tasks/get of the render task", "tasks/get", { taskId: "«render task»" }, { capabilities: TASKS }),
      poll: true,
    },
    call("task_only"),
    call("admin_only"),
    request("resources/list", "resources/list", {}),
    request("resources/templates/list", "resources/templates/list", {}),
    ...[
      "fx://static",
      "fx://json",
      "fx://bytes",
      "fx://items/one",
      "fx://items/missing",
      "fx://nowhere",
      "fx://broken",
      "fx://failing/x",
      "fx://secret",
    ].map((uri) => request(`resources/read ${uri}`, "resources/read", { uri })),
    request("resources/read without a uri", "resources/read", {}, { name: "fx://static" }),
    request("prompts/list", "prompts/list", {}),
    request("prompts/get plain", "prompts/get", { name: "plain" }),
    request("prompts/get greet", "prompts/get", { name: "greet", arguments: { name: "Ada" } }),
    request("prompts/get greet with a tone", "prompts/get", { name: "greet", arguments: { name: "Ada", tone: "dry" } }),
    request("prompts/get greet without its argument", "prompts/get", { name: "greet", arguments: {} }),
    request("prompts/get greet with a number", "prompts/get", { name: "greet", arguments: { name: 5 } }),
    request("prompts/get conversation", "prompts/get", { name: "conversation" }),
    request("prompts/get broken", "prompts/get", { name: "broken" }),
    request("prompts/get unknown", "prompts/get", { name: "nope" }),
    request("prompts/get admin_prompt", "prompts/get", { name: "admin_prompt" }),
    ...["tools/list", "resources/list", "resources/templates/list", "prompts/list"].flatMap((method) => [
      request(`${method} with an invalid cursor`, method, { cursor: "not-a-cursor" }),
      request(`${method} with a cursor of another shape`, method, { cursor: 42 }),
    ]),
  ];
}

/** Walks every page of each list on both servers, comparing each page (the cursors are deterministic). */
async function walkLists(send: (probe: Probe) => Promise<Record<Side, unknown>>): Promise<number> {
  let pages = 0;
  for (const method of ["tools/list", "resources/list", "resources/templates/list", "prompts/list"]) {
    let cursor: string | undefined;
    do {
      const probe = request(`${method} page ${cursor ?? "1"}`, method, cursor === undefined ? {} : { cursor });
      const observed = await send(probe);
      expectSame(probe, observed);
      pages++;
      cursor = nextCursorOf(observed["fastPath: false"]);
    } while (cursor !== undefined);
  }
  return pages;
}

function nextCursorOf(observed: unknown): string | undefined {
  const message = Array.isArray(observed) ? observed[0] : (observed as HttpObservation).body;
  return (message as { result?: { nextCursor?: string } } | null)?.result?.nextCursor;
}

// ---------------------------------------------------------------------------------------------------------------
// Servers

/** Two HTTP server processes of the fixture, one per side; `flags` as the fixture takes them. */
async function httpPair(flags: string[] = []) {
  const servers = await Promise.all([
    spawnHttpServer(FIXTURE, ["--http", "0", ...flags], 10_000, KEYS_ENV),
    spawnHttpServer(FIXTURE, ["--http", "0", ...flags, "--no-fast-path"], 10_000, KEYS_ENV),
  ]);
  const [fast, sdk] = servers;
  return {
    pair: new HttpPair({ "fastPath: true": fast!.url, "fastPath: false": sdk!.url }),
    close: () => Promise.all(servers.map((server) => server.close())),
  };
}

/**
 * Two stdio servers, one per side, each first sent a 2026-07-28 `ping` (its answer compared too): a stdio connection
 * takes its era from its first request (`server/discover` only probes), and the fast path serves a connection only
 * once it is pinned to 2026-07-28. A first request of another era (one without `_meta`, as the conformance suite's
 * first `server/discover`) would put every later request in the legacy era, away from the fast path.
 */
async function stdioPair(script: string, args: string[], env: Record<string, string> = {}) {
  const peers = {
    "fastPath: true": new StdioPeer(script, args, STDIO_HANG_GUARD_MS, env),
    "fastPath: false": new StdioPeer(script, [...args, "--no-fast-path"], STDIO_HANG_GUARD_MS, env),
  };
  const pair = new StdioPair(peers);
  await pair.expectSame(request("ping, first on the connection: pins it to 2026-07-28", "ping", {}));
  return { pair, close: () => Promise.all(SIDES.map((side) => peers[side].close())) };
}

/** A 2025-11-25 client's `initialize`, and the notification that ends the handshake. */
function initializeProbes(capabilities: Record<string, unknown> = { elicitation: {}, sampling: {} }): Probe[] {
  const params = {
    protocolVersion: "2025-11-25",
    capabilities,
    clientInfo: { name: "differential", version: "1.0.0" },
  };
  return [
    {
      what: "initialize (2025-11-25)",
      body: JSON.stringify({ jsonrpc: "2.0", id: "init", method: "initialize", params }),
    },
    { what: "notifications/initialized", body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' },
  ];
}

/**
 * Two stdio servers, one per side, opened with a 2025-11-25 `initialize` (its answer compared too): the connection
 * is then in the legacy era, where the legacy fast path serves it.
 */
async function legacyStdioPair(script: string, args: string[], env: Record<string, string> = {}) {
  const peers = {
    "fastPath: true": new StdioPeer(script, args, STDIO_HANG_GUARD_MS, env),
    "fastPath: false": new StdioPeer(script, [...args, "--no-fast-path"], STDIO_HANG_GUARD_MS, env),
  };
  const pair = new StdioPair(peers, "legacy");
  for (const probe of initializeProbes()) await pair.expectSame(probe);
  return { pair, close: () => Promise.all(SIDES.map((side) => peers[side].close())) };
}

/** The `_meta` keys of the 2026-07-28 envelope. */
const ENVELOPE_KEYS = [
  "io.modelcontextprotocol/protocolVersion",
  "io.modelcontextprotocol/clientInfo",
  "io.modelcontextprotocol/clientCapabilities",
  "io.modelcontextprotocol/logLevel",
];

/**
 * A 2026-07-28 request as a 2025 client sends it on its connection: its `_meta` without the envelope (what else is
 * there, a progress token or keys of the client's own, stays; a log level is the connection's on 2025 revisions,
 * set with `logging/setLevel`), and no headers.
 */
function legacyOf(probe: Probe): Probe {
  const message = JSON.parse(probe.body as string) as { params?: { _meta?: Record<string, unknown> } };
  const params = message.params;
  if (params?._meta !== undefined) {
    const rest = Object.entries(params._meta).filter(([key]) => !ENVELOPE_KEYS.includes(key));
    if (rest.length === 0) delete params._meta;
    else params._meta = Object.fromEntries(rest);
  }
  const { headers: _headers, ...unsent } = probe;
  return { ...unsent, what: `${probe.what} (legacy)`, body: JSON.stringify(message) };
}

/** The fixture served both ways, over HTTP and over stdio, for the tests of the describe block that calls this. */
function servedFixture() {
  const served = {} as { http: Awaited<ReturnType<typeof httpPair>>; stdio: Awaited<ReturnType<typeof stdioPair>> };
  beforeAll(async () => {
    served.http = await httpPair();
    served.stdio = await stdioPair(FIXTURE, []);
  });
  afterAll(async () => {
    await served.http?.close();
    await served.stdio?.close();
  });
  return served;
}

// ---------------------------------------------------------------------------------------------------------------
// (a) and (b): the fixture, over HTTP and stdio

describe("valid hot requests and bad input (test/fixtures/differential-server.mjs)", () => {
  const served = servedFixture();

  for (const transport of ["http", "stdio"] as const) {
    // One test a request, in order: a round's answer names what the next round sends back.
    it.each(hotRequests())(`answers $what alike over ${transport}`, async (probe) => {
      await (transport === "http" ? served.http.pair : served.stdio.pair).expectSame(probe);
    });
  }

  it.each(legacyHotRequests().flatMap(statelessVariants))("answers $what alike over HTTP", async (probe) => {
    await served.http.pair.expectSame(probe);
  });

  it.each(legacySessionRequests())("answers $what alike over HTTP", async (probe) => {
    const observed = await served.http.pair.observe(probe);
    expectSame(probe, observed);
    // Each side's answers come in the session its own server opened, not as an unknown session's 404.
    if (probe.issues) expect(observed[SIDES[0]].headers["mcp-session-id"]).toBe("<present>");
    else expect(observed[SIDES[0]].status).not.toBe(404);
  });

  it("answers generated legacy requests alike over HTTP without a session", async () => {
    const legacyGenerated = generated.map((probe) =>
      probe.body === undefined ? probe : { ...legacyBody(probe), headers: { ...probe.headers, ...legacyHeaders() } },
    );
    await fc.assert(
      fc.asyncProperty(legacyGenerated, (probe) => served.http.pair.expectSame(probe)),
      { seed: SEED, numRuns: GENERATED_RUNS },
    );
  }, 120_000);

  it.each(["http", "stdio"] as const)("pages every list alike over %s", async (transport) => {
    const send =
      transport === "http"
        ? (probe: Probe) => served.http.pair.observe(probe)
        : (probe: Probe) => served.stdio.pair.observe(probe);
    expect(await walkLists(send)).toBeGreaterThan(4);
  });

  it.each(badInputs(MAX_BODY_BYTES))("refuses $what alike over HTTP", async (input) => {
    await served.http.pair.expectSame(input);
  });

  it("refuses a foreign Host header and answers other paths alike", async () => {
    const good = call("echo", { text: "hi" });
    for (const probe of [
      { ...good, what: "a foreign Host", headers: { ...good.headers, Host: "evil.example" } },
      { ...good, what: "a loopback Host by name", headers: { ...good.headers, Host: "localhost" } },
      { ...good, what: "another path", path: "/other" },
      { ...good, what: "a path below the endpoint", path: "/mcp/extra" },
      { ...good, what: "a query string", path: "/mcp?x=1" },
    ]) {
      await served.http.pair.expectSame(probe);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// (c): the conformance suite's requests, replayed against examples/conformance-server

describe("every request of the conformance suite (test/fixtures/conformance-traffic.json)", () => {
  const recording = JSON.parse(readFileSync(CONFORMANCE_TRAFFIC, "utf8")) as Recording;
  const { exchanges } = recording;
  /** The 2026-07-28 run's requests, each a JSON-RPC body that stdio carries as one line. */
  const stdioExchanges = exchanges.filter((exchange) => exchange.run === "2026-07-28" && exchange.body !== undefined);
  const servers: SpawnedHttpServer[] = [];
  let http: Record<Side, HttpObservation>[];
  let stdio: Awaited<ReturnType<typeof stdioPair>>;

  beforeAll(async () => {
    // The same state key on both, so that what one signs is what the other would (the replay sends each its own).
    const env = { MCPSMITH_STATE_KEY: STATE_KEY };
    const [fast, sdk] = await Promise.all([
      spawnHttpServer(CONFORMANCE_MAIN, ["--port", "0"], 10_000, env),
      spawnHttpServer(CONFORMANCE_MAIN, ["--port", "0", "--no-fast-path"], 10_000, env),
    ]);
    servers.push(fast, sdk);
    http = await replayHttp({ "fastPath: true": fast.url, "fastPath: false": sdk.url }, exchanges, newIssued());
    stdio = await stdioPair(CONFORMANCE_MAIN, ["--stdio"], env);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await stdio?.close();
  });

  it("has requests of both requirement sets to replay", () => {
    expect(new Set(exchanges.map((exchange) => exchange.run))).toEqual(new Set(["2026-07-28", "2025-11-25"]));
  });

  it.each(exchanges.map((exchange) => ({ name: probeOf(exchange).what, exchange })))(
    "answers $name alike over HTTP",
    ({ exchange }) => {
      expectSame(probeOf(exchange), http[exchange.index]!);
    },
  );

  it.each(stdioExchanges.map((exchange) => probeOf(exchange)))("answers $what alike over stdio", async (probe) => {
    await stdio.pair.expectSame(probe);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// (a), (c) and (d) on connections opened with `initialize`: the legacy fast path over stdio

/** (a) as a 2025 client sends it: without the input rounds and tasks of 2026-07-28, with its log level set first. */
function legacyHotRequests(): Probe[] {
  const setLevel = (level: string): Probe => ({
    what: `logging/setLevel ${level}`,
    body: JSON.stringify({ jsonrpc: "2.0", id: `level-${level}`, method: "logging/setLevel", params: { level } }),
  });
  const unlogged = hotRequests().filter((probe) => {
    const body = probe.body as string;
    return !probe.issues && !body.includes("requestState") && !body.includes('"confirm"') && !body.includes("tasks/");
  });
  return [
    ...unlogged.map(legacyOf),
    setLevel("info"),
    legacyOf({ ...call("chatty", {}, { meta: { progressToken: "p-2" } }), what: "chatty at level info" }),
    setLevel("debug"),
    legacyOf({ ...call("chatty", {}), what: "chatty at level debug" }),
    legacyOf({ ...call("echo", { text: "hi" }, { id: "after-levels" }), what: "echo after the levels" }),
  ];
}

/** The conformance recording's 2025-11-25 requests on one stdio connection: one handshake, then every request. */
function legacyConformanceProbes(exchanges: readonly RecordedExchange[]): Probe[] {
  const legacy = exchanges.filter(
    (exchange) => exchange.run === "2025-11-25" && exchange.method === "POST" && exchange.body !== undefined,
  );
  // A request the server answers only once the client has answered its own request (an elicitation, a sampling):
  // its answer comes with the later probe that carries the client's answer.
  const methodOf = (exchange: RecordedExchange) => (JSON.parse(exchange.body as string) as { method?: string }).method;
  const requests = new Set(legacy.filter((exchange) => methodOf(exchange) !== undefined).map(({ index }) => index));
  const waiting = new Set(
    legacy
      .filter((exchange) => methodOf(exchange) === undefined)
      .flatMap((answer) => answer.open.map((open) => open.index).filter((index) => requests.has(index))),
  );
  const handshake = new Set(["initialize", "notifications/initialized"]);
  const idOf = (index: number) =>
    (JSON.parse(exchanges.find((exchange) => exchange.index === index)?.body as string) as { id: string | number }).id;
  return legacy
    .filter((exchange) => !handshake.has(methodOf(exchange) ?? ""))
    .map((exchange) => {
      const asked =
        methodOf(exchange) === undefined ? exchange.open.find((open) => waiting.has(open.index)) : undefined;
      return {
        ...probeOf(exchange),
        headers: {},
        ...(waiting.has(exchange.index) && { asks: true }),
        ...(asked && { completes: idOf(asked.index) }),
      };
    });
}

describe("connections opened with initialize (the legacy fast path), over stdio", () => {
  let fixture: Awaited<ReturnType<typeof legacyStdioPair>>;
  let conformance: Awaited<ReturnType<typeof legacyStdioPair>>;
  beforeAll(async () => {
    fixture = await legacyStdioPair(FIXTURE, []);
    conformance = await legacyStdioPair(CONFORMANCE_MAIN, ["--stdio"], { MCPSMITH_STATE_KEY: STATE_KEY });
  });
  afterAll(async () => {
    await fixture?.close();
    await conformance?.close();
  });

  it.each(legacyHotRequests())("answers $what alike", async (probe) => {
    await fixture.pair.expectSame(probe);
  });

  it("pages every list alike", async () => {
    expect(await walkLists((probe) => fixture.pair.observe(legacyOf(probe)))).toBeGreaterThan(4);
  });

  it("asks the client and answers alike when a tool elicits", async () => {
    const confirm = legacyOf(call("confirm", { what: "deploy" }));
    const asked = await fixture.pair.observe({ ...confirm, asks: true });
    expectSame({ what: "confirm asks" }, asked);
    const request = asked["fastPath: false"].find(
      (message) => (message as { method?: string }).method === "elicitation/create",
    ) as { id: number } | undefined;
    expect(request).toBeDefined();
    const answer = { jsonrpc: "2.0", id: request!.id, result: { action: "accept", content: { sure: true } } };
    // The tool answers only after the client's answer is read: wait for the call's id, not just the ping.
    const completes = (JSON.parse(confirm.body as string) as { id: number }).id;
    await fixture.pair.expectSame({
      what: "the client's answer, then the tool's",
      body: JSON.stringify(answer),
      completes,
    });
  });

  it("answers the conformance recording's 2025-11-25 requests alike", async () => {
    const recording = JSON.parse(readFileSync(CONFORMANCE_TRAFFIC, "utf8")) as Recording;
    const probes = legacyConformanceProbes(recording.exchanges);
    expect(probes.length).toBeGreaterThan(20);
    for (const probe of probes) await conformance.pair.expectSame(probe);
  });

  it("answers generated requests alike", async () => {
    const legacyGenerated = generated.map((probe) => (probe.body === undefined ? probe : legacyBody(probe)));
    await fc.assert(
      fc.asyncProperty(legacyGenerated, (probe) => fixture.pair.expectSame(probe)),
      { seed: SEED, numRuns: GENERATED_RUNS },
    );
  }, 120_000);
});

/** The headers a 2025 client sends with a request outside a session (the version only once it has one). */
function legacyHeaders(version?: string): Record<string, string> {
  return {
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    ...(version !== undefined && { "MCP-Protocol-Version": version }),
  };
}

/** A 2025 client's session over HTTP: `initialize`, then the legacy hot requests with the session's id. */
function legacySessionRequests(): Probe[] {
  const session = { ...legacyHeaders("2025-11-25"), "Mcp-Session-Id": "«legacy session»" };
  const initialize = {
    jsonrpc: "2.0",
    id: "session-init",
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "differential", version: "1.0.0" } },
  };
  return [
    {
      what: "initialize, opening a legacy session",
      headers: legacyHeaders(),
      body: JSON.stringify(initialize),
      issues: ["«legacy session»"],
    },
    {
      what: "notifications/initialized in the session",
      headers: session,
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    },
    ...legacyHotRequests().map((probe) => ({ ...probe, what: `${probe.what}, in a session`, headers: session })),
  ];
}

/** A 2025 client's request sent with no session (the SDK serves it statelessly): without a version, and with one. */
function statelessVariants(probe: Probe): Probe[] {
  return [undefined, "2025-11-25", "2025-06-18"].map((version) => ({
    ...probe,
    what: `${probe.what}, no session, version ${version ?? "unnamed"}`,
    headers: legacyHeaders(version),
  }));
}

/** A generated probe's body as a 2025 client would send it, when it is still a JSON-RPC message. */
function legacyBody(probe: Probe): Probe {
  try {
    const message = JSON.parse(probe.body as string);
    if (typeof message !== "object" || message === null || Array.isArray(message)) return probe;
    return legacyOf(probe);
  } catch {
    return probe;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// (d): generated requests, mutations of valid ones

/** A request being mutated: its HTTP method and headers, and its body as a value (or as text once it is not JSON). */
interface Draft {
  method: string;
  headers: Record<string, string>;
  message: unknown;
  text?: string;
}

type Mutation = (draft: Draft) => void;

const params = (draft: Draft) => {
  const message = draft.message as { params?: Record<string, unknown> } | null;
  return message !== null && typeof message === "object" && !Array.isArray(message) ? message.params : undefined;
};
const meta = (draft: Draft) => params(draft)?._meta as Record<string, unknown> | undefined;
const headerNames = ["MCP-Protocol-Version", "Content-Type", "Accept", "Mcp-Method", "Mcp-Name"] as const;
const someJson = fc.jsonValue({ maxDepth: 2 });

const mutations: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constantFrom(...headerNames).map(
    (name): Mutation =>
      (draft) => {
        delete draft.headers[name];
      },
  ),
  fc
    .tuple(
      fc.constantFrom("Mcp-Method", "Mcp-Name", "MCP-Protocol-Version"),
      fc.constantFrom("tools/list", "echo", "greet", "fx://json", "2025-11-25", "2099-01-01", "", "TOOLS/CALL"),
    )
    .map(
      ([name, value]): Mutation =>
        (draft) => {
          draft.headers[name] = value;
        },
    ),
  fc.tuple(fc.constantFrom(...headerNames), fc.boolean()).map(
    ([name, upper]): Mutation =>
      (draft) => {
        const value = draft.headers[name];
        if (value === undefined) return;
        delete draft.headers[name];
        draft.headers[upper ? name.toUpperCase() : name.toLowerCase()] = value;
      },
  ),
  fc.constantFrom(...headerNames).map(
    (name): Mutation =>
      (draft) => {
        if (draft.headers[name] !== undefined) draft.headers[name] = ` ${draft.headers[name]}\t`;
      },
  ),
  fc.constantFrom("echo", "greet", "fx://static", "not base64 !", "").map(
    (name): Mutation =>
      (draft) => {
        draft.headers["Mcp-Name"] =
          `=?base64?${name === "not base64 !" ? name : Buffer.from(name).toString("base64")}?=`;
      },
  ),
  fc
    .tuple(
      fc.constantFrom(
        "io.modelcontextprotocol/protocolVersion",
        "io.modelcontextprotocol/clientCapabilities",
        "io.modelcontextprotocol/clientInfo",
      ),
      fc.option(someJson, { nil: undefined }),
    )
    .map(
      ([key, value]): Mutation =>
        (draft) => {
          const envelopeOf = meta(draft);
          if (!envelopeOf) return;
          if (value === undefined) delete envelopeOf[key];
          else envelopeOf[key] = value;
        },
    ),
  fc.constantFrom("2025-11-25", "2025-06-18", "2099-01-01", "2026-07-28 ", "").map(
    (version): Mutation =>
      (draft) => {
        draft.headers["MCP-Protocol-Version"] = version;
        const envelopeOf = meta(draft);
        if (envelopeOf) envelopeOf["io.modelcontextprotocol/protocolVersion"] = version;
      },
  ),
  fc
    .oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string({ maxLength: 12 }),
      fc.constantFrom(null, true, 2 ** 60, -1),
      fc.array(fc.integer(), { maxLength: 2 }),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
    )
    .map(
      (id): Mutation =>
        (draft) => {
          (draft.message as Record<string, unknown>).id = id;
        },
    ),
  fc.constant<Mutation>((draft) => {
    delete (draft.message as Record<string, unknown>).id;
  }),
  fc
    .tuple(
      fc.constantFrom("name", "arguments", "uri", "_meta", "cursor", "extra"),
      fc.option(someJson, { nil: undefined }),
    )
    .map(
      ([key, value]): Mutation =>
        (draft) => {
          const of = params(draft);
          if (!of) return;
          if (value === undefined) delete of[key];
          else of[key] = value;
        },
    ),
  fc.option(someJson, { nil: undefined }).map(
    (value): Mutation =>
      (draft) => {
        const message = draft.message as Record<string, unknown>;
        if (value === undefined) delete message.params;
        else message.params = value;
      },
  ),
  fc.constantFrom("1.0", undefined, 2).map(
    (version): Mutation =>
      (draft) => {
        const message = draft.message as Record<string, unknown>;
        if (version === undefined) delete message.jsonrpc;
        else message.jsonrpc = version;
      },
  ),
  fc.constant<Mutation>((draft) => {
    draft.message = [draft.message, draft.message];
  }),
  fc.constantFrom("text/plain", "application/json; charset=latin1", "APPLICATION/JSON", "application/json-seq").map(
    (type): Mutation =>
      (draft) => {
        draft.headers["Content-Type"] = type;
      },
  ),
  fc.constantFrom("application/json", "text/event-stream", "*/*", "").map(
    (accept): Mutation =>
      (draft) => {
        draft.headers.Accept = accept;
      },
  ),
  fc.constantFrom("GET", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD").map(
    (method): Mutation =>
      (draft) => {
        draft.method = method;
      },
  ),
  fc.nat({ max: 200 }).map(
    (cut): Mutation =>
      (draft) => {
        draft.text = JSON.stringify(draft.message).slice(0, cut);
      },
  ),
);

/** The valid requests the mutations start from: one of each hot method, and one answered as a stream. */
function generatedBases(): Probe[] {
  return [
    call("echo", { text: "generated" }),
    call("chatty", {}, { meta: { progressToken: "g" } }),
    request("tools/list", "tools/list", {}),
    request("resources/list", "resources/list", {}),
    request("resources/read", "resources/read", { uri: "fx://static" }),
    request("prompts/list", "prompts/list", {}),
    request("prompts/get", "prompts/get", { name: "greet", arguments: { name: "Ada" } }),
    request("server/discover", "server/discover", {}),
  ];
}

const generated = fc
  .tuple(fc.constantFrom(...generatedBases()), fc.array(mutations, { minLength: 1, maxLength: 3 }))
  .map(([base, applied]): Probe => {
    const draft: Draft = {
      method: "POST",
      headers: { ...base.headers },
      message: JSON.parse(base.body as string),
    };
    for (const mutate of applied) mutate(draft);
    const body = draft.text ?? JSON.stringify(draft.message);
    return {
      what: `a mutation of "${base.what}"`,
      method: draft.method,
      headers: draft.headers,
      ...(draft.method !== "GET" && draft.method !== "HEAD" && { body }),
    };
  });

describe("generated requests (fast-check mutations of valid ones)", () => {
  const served = servedFixture();

  it("answers them alike over HTTP", async () => {
    await fc.assert(
      fc.asyncProperty(generated, (probe) => served.http.pair.expectSame(probe)),
      { seed: SEED, numRuns: GENERATED_RUNS },
    );
  }, 120_000);

  it("answers their bodies alike over stdio", async () => {
    await fc.assert(
      fc.asyncProperty(generated, (probe) => served.stdio.pair.expectSame(probe)),
      { seed: SEED, numRuns: GENERATED_RUNS },
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// (e): authentication, scopes and middleware in the way

/** The requests only the middleware makes interesting: each hook answering itself, and throwing. */
function hookRequests(): Probe[] {
  return [
    call("answered_by_hook"),
    call("refused_by_hook"),
    call("tool_hook_crash"),
    request("prompts/get crash_hook", "prompts/get", { name: "crash_hook" }),
  ];
}

describe("with API keys, scopes and middleware", () => {
  let http: Awaited<ReturnType<typeof httpPair>>;
  let stdio: Awaited<ReturnType<typeof stdioPair>>;
  beforeAll(async () => {
    http = await httpPair(["--middleware", "--auth"]);
    stdio = await stdioPair(FIXTURE, ["--middleware"]);
  });
  afterAll(async () => {
    await http?.close();
    await stdio?.close();
  });

  const withKey = (probe: Probe, key: string): Probe => ({
    ...probe,
    what: `${probe.what} (key ${key === FULL_KEY ? "full" : key === BASIC_KEY ? "basic" : key})`,
    headers: { ...probe.headers, "x-api-key": key },
  });

  for (const key of [FULL_KEY, BASIC_KEY]) {
    it.each([...hotRequests(), ...hookRequests()].map((probe) => withKey(probe, key)))(
      "answers $what alike",
      async (probe) => {
        await http.pair.expectSame(probe);
      },
    );

    it(`pages every list alike for the ${key === FULL_KEY ? "full" : "basic"} key, filtered to what it may see`, async () => {
      expect(await walkLists((probe) => http.pair.observe(withKey(probe, key)))).toBeGreaterThan(4);
    });
  }

  it("refuses missing and wrong credentials alike", async () => {
    for (const probe of [call("echo", { text: "hi" }), request("tools/list", "tools/list", {})]) {
      await http.pair.expectSame({ ...probe, what: `${probe.what} without a key` });
      await http.pair.expectSame(withKey(probe, "not-a-key"));
      await http.pair.expectSame({
        ...probe,
        what: `${probe.what} with a bearer token no verifier takes`,
        headers: { ...probe.headers, Authorization: `Bearer ${FULL_KEY}` },
      });
    }
  });

  it("publishes the same Protected Resource Metadata", async () => {
    for (const path of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
      await http.pair.expectSame({ what: `GET ${path}`, method: "GET", path });
    }
  });

  it("answers alike when the http hook answers itself or throws", async () => {
    const good = withKey(call("echo", { text: "hi" }), FULL_KEY);
    for (const asked of ["answer", "throw"]) {
      await http.pair.expectSame({
        ...good,
        what: `the http hook asked to ${asked}`,
        headers: { ...good.headers, "x-differential": asked },
      });
    }
  });

  it.each(badInputs(MAX_BODY_BYTES))("refuses $what alike, with a key", async (input) => {
    await http.pair.expectSame(withKey(input, FULL_KEY));
  });

  it.each([...hotRequests(), ...hookRequests()])(
    "answers $what alike over stdio, middleware in the way",
    async (probe) => {
      await stdio.pair.expectSame(probe);
    },
  );

  it("answers alike over stdio on a connection opened with initialize, middleware in the way", async () => {
    const legacy = await legacyStdioPair(FIXTURE, ["--middleware"]);
    try {
      for (const probe of [...legacyHotRequests(), ...hookRequests().map(legacyOf)])
        await legacy.pair.expectSame(probe);
    } finally {
      await legacy.close();
    }
  }, 120_000);
});

// The stdio front (packages/runtime/src/serve/stdio-front.ts): a server on the lean entry answers a connection's opening
// before it loads the SDK, then hands the connection to the SDK at the first request it cannot answer, replaying
// what opened it. Both sides open alike: the answers the front gave, the first SDK-path request after the hand-over,
// and what follows on the connection. The pair sends a `ping` after every probe (to know the line was read): the
// front answers a 2025 client's, but on 2026-07-28 a ping is the SDK's, so there it takes the connection after the
// first list; the lists sent together, with no ping between them, stay with the front.
describe("a connection opened through the stdio front (the lean entry), over stdio", () => {
  const LISTS = ["tools/list", "prompts/list", "resources/list", "resources/templates/list"];
  const opening = () => LISTS.map((method) => request(`${method} at the connection's opening`, method, {}));
  const afterHandOver = () => [
    request("completion/complete, the first request the front cannot answer", "completion/complete", {
      ref: { type: "ref/resource", uri: "notes://{name}" },
      argument: { name: "name", value: "" },
    }),
    call("measure", { text: "four" }),
    request("resources/read through a template", "resources/read", { uri: "notes://alpha" }),
    request("prompts/get", "prompts/get", { name: "greet", arguments: { who: "Ada" } }),
    ...LISTS.map((method) => request(`${method}, again`, method, {})),
    request("tools/list with a cursor it did not issue", "tools/list", { cursor: "nope" }),
  ];
  const leanPair = () => {
    const peers = {
      "fastPath: true": new StdioPeer(LEAN_FIXTURE, [], STDIO_HANG_GUARD_MS),
      "fastPath: false": new StdioPeer(LEAN_FIXTURE, ["--no-fast-path"], STDIO_HANG_GUARD_MS),
    };
    return { pair: new StdioPair(peers), close: () => Promise.all(SIDES.map((side) => peers[side].close())) };
  };

  it("answers the opening lists and everything after the hand-over alike", async () => {
    const { pair, close } = leanPair();
    try {
      for (const probe of [...opening(), ...afterHandOver()]) await pair.expectSame(probe);
    } finally {
      await close();
    }
  });

  it("answers a 2026-07-28 client's lists sent together, and the request after them, alike", async () => {
    const idOf = (message: unknown) => (message as { id?: unknown } | null)?.id;
    // Written at once, with no ping between them (a ping is the SDK's on 2026-07-28: it would end the front).
    const lines = [...opening(), ...afterHandOver().slice(0, 2)].map((probe) => probe.body as string);
    const ids = lines.map((line) => (JSON.parse(line) as { id: string | number }).id);
    const answered = async (script: string[]) => {
      const peer = new StdioPeer(LEAN_FIXTURE, script, STDIO_HANG_GUARD_MS);
      try {
        for (const line of lines) peer.write(line);
        const byId = new Map<unknown, string>();
        for (const id of ids) byId.set(id, JSON.stringify(await peer.next(0, (written) => idOf(written) === id)));
        return ids.map((id) => byId.get(id));
      } finally {
        await peer.close();
      }
    };
    const [front, sdk] = await Promise.all([answered([]), answered(["--no-fast-path"])]);
    expect(front).toEqual(sdk);
  });

  it("answers a 2025 client's initialize and lists, and everything after the hand-over, alike", async () => {
    const peers = {
      "fastPath: true": new StdioPeer(LEAN_FIXTURE, [], STDIO_HANG_GUARD_MS),
      "fastPath: false": new StdioPeer(LEAN_FIXTURE, ["--no-fast-path"], STDIO_HANG_GUARD_MS),
    };
    const pair = new StdioPair(peers, "legacy");
    const subscribe = request("resources/subscribe, after the hand-over", "resources/subscribe", {
      uri: "notes://readme",
    });
    const setLevel = request("logging/setLevel", "logging/setLevel", { level: "debug" });
    try {
      for (const probe of [
        ...initializeProbes(),
        ...opening().map(legacyOf),
        legacyOf(subscribe),
        legacyOf(setLevel),
        ...afterHandOver().map(legacyOf),
      ])
        await pair.expectSame(probe);
    } finally {
      await Promise.all(SIDES.map((side) => peers[side].close()));
    }
  });

  it.each([
    ["asks for a revision the server does not serve", { protocolVersion: "2099-01-01" }],
    ["asks for an older revision", { protocolVersion: "2025-03-26" }],
    ["declares capabilities the front leaves to the SDK", { capabilities: { sampling: { tools: {} } } }],
  ])("opens alike when a 2025 client's initialize %s", async (_what, change) => {
    const peers = {
      "fastPath: true": new StdioPeer(LEAN_FIXTURE, [], STDIO_HANG_GUARD_MS),
      "fastPath: false": new StdioPeer(LEAN_FIXTURE, ["--no-fast-path"], STDIO_HANG_GUARD_MS),
    };
    const pair = new StdioPair(peers, "legacy");
    const params = {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "differential", version: "1.0.0" },
      ...change,
    };
    const initialize = {
      what: `initialize ${JSON.stringify(change)}`,
      body: JSON.stringify({ jsonrpc: "2.0", id: "init", method: "initialize", params }),
    };
    try {
      for (const probe of [
        initialize,
        initializeProbes()[1]!,
        ...opening().map(legacyOf),
        ...afterHandOver().map(legacyOf),
      ])
        await pair.expectSame(probe);
    } finally {
      await Promise.all(SIDES.map((side) => peers[side].close()));
    }
  });

  it("hands a connection over at its first request alike when the front can answer none", async () => {
    const { pair, close } = leanPair();
    try {
      for (const probe of [request("ping, first on the connection", "ping", {}), ...opening(), ...afterHandOver()])
        await pair.expectSame(probe);
    } finally {
      await close();
    }
  });
});
