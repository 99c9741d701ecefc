/**
 * Summarises V8 `.cpuprofile` files (from `node --cpu-prof`): CPU time by phase of a request (body, envelope
 * validation, per-request server, web Request/Response, AbortSignal, tool dispatch, result, writing, ...; see
 * `PHASES`), self time by function, and by where the code lives (zod, the SDK, Node's HTTP internals, mcpsmith,
 * garbage collection). `run.js --profile` calls it on the server children; `node profile.js FILE...` prints the same
 * for any profile.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { median } from "./stats.js";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  /** Microseconds, on the monotonic clock that `process.hrtime` reads too. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A stretch of time on the monotonic clock (`process.hrtime.bigint()` / 1000), microseconds. */
export interface ProfileWindow {
  fromMicros: number;
  toMicros: number;
}

export interface ProfileSummary {
  /** Wall time the profile covers. */
  totalMs: number;
  /** The sampling interval, as the median time between samples. */
  intervalUs: number;
  /** Estimated on-CPU time by phase of a request (see `summarize`), in milliseconds, largest first. */
  byPhase: { phase: Phase; ms: number }[];
  /** Estimated on-CPU time, in percent of the wall time the profile covers. */
  busyPercent: number;
  byArea: { area: string; percent: number }[];
  byFunction: { name: string; where: string; percent: number }[];
}

/** Where a frame's code comes from, coarse enough to read at a glance. */
export function areaOf(url: string, name: string): string {
  if (name === "(garbage collector)") return "GC";
  if (name === "(idle)") return "idle";
  if (name === "(program)") return "V8 (program)";
  if (url.includes("/zod/") || url.includes("zod@")) return "zod";
  if (url.includes("@modelcontextprotocol/server") || url.includes("@modelcontextprotocol+server")) return "SDK server";
  if (url.includes("@modelcontextprotocol/core") || url.includes("@modelcontextprotocol+core")) return "SDK core";
  if (url.includes("@modelcontextprotocol/node") || url.includes("@modelcontextprotocol+node")) return "SDK node";
  if (url.includes("@modelcontextprotocol/client") || url.includes("@modelcontextprotocol+client")) return "SDK client";
  if (url.includes("/ajv")) return "ajv";
  if (url.includes("better-sqlite3")) return "better-sqlite3";
  if (url.includes("packages/runtime/") || url.includes("@mcpsmith/runtime")) return "mcpsmith";
  if (url.startsWith("node:internal/deps/undici") || url.includes("internal/deps/undici"))
    return "undici (Request/Response)";
  if (url.startsWith("node:internal/webstreams") || url.includes("internal/webstreams")) return "web streams";
  if (url.startsWith("node:internal/http") || url.startsWith("node:_http") || url.startsWith("node:http"))
    return "node:http";
  if (url.startsWith("node:")) return "node (other)";
  if (url === "") return "native/builtins";
  return "other";
}

// ---------------------------------------------------------------------------------------------------------------
// Phases: what a request's CPU time was spent on. A sample belongs to the innermost frame of its stack that a rule
// below recognises (the most specific function known), after two overrides: V8's own pseudo-frames (GC, idle,
// program) and module loading, wherever it happens (undici is loaded lazily by the first `new Request`). A stack no
// rule recognises is attributed by its leaf: Node's HTTP internals, or "other". The function names are those of
// @modelcontextprotocol/server 2.4.0, @modelcontextprotocol/node 2.1.2, Node 20 and mcpsmith's bundled runtime:
// when they change, the "other" row grows, and the rules want updating.

export const PHASES = [
  "body read/parse",
  "JSON-RPC + _meta validation",
  "routing (endpoint steps, SDK handler, Protocol)",
  "per-request server construction/teardown",
  "web Request/Response/streams",
  "AbortSignal/AbortController",
  "tool dispatch + input validation",
  "result validation (SDK, zod)",
  "result building/serialisation",
  "response/SSE writing",
  "node:http parsing, socket/pipe reads",
  "stdio framing (lines, transport)",
  "start-up (module loading)",
  "GC",
  "V8 (program)",
  "other (event loop, microtasks)",
  "idle",
] as const;
export type Phase = (typeof PHASES)[number];

const isMcpsmith = (url: string) => url.includes("packages/runtime/") || url.includes("@mcpsmith/runtime");
const isSdk = (url: string) => url.includes("@modelcontextprotocol");
// The tool handlers of the SDK and mcpsmith bench servers (the floor has none: its functions have rules of their own).
const isBenchServer = (url: string) =>
  url.includes("/runtime/servers/sdk.js") || url.includes("/runtime/servers/mcpsmith.js");
const isFloor = (url: string) => url.includes("/runtime/servers/floor.js");

interface Rule {
  phase: Phase;
  names?: ReadonlySet<string>;
  url?: (url: string) => boolean;
}

const rule = (phase: Phase, names: string[] | undefined, url?: (url: string) => boolean): Rule => ({
  phase,
  ...(names && { names: new Set(names) }),
  ...(url && { url }),
});

const RULES: readonly Rule[] = [
  // Body: mcpsmith's Node adapter reads Node's stream (readBody, onData, onEnd) and body.ts parses it once; the
  // SDK's adapter reads it with for-await + TextDecoder inside toWebRequest, or readRequestBody from a web stream.
  // On stdio, mcpsmith's guard (serve/stdio-guard.ts) splits and parses every line before the SDK's transport does.
  rule(
    "body read/parse",
    ["readBody", "onData", "onEnd", "refusalOf", "parseJson", "nestsDeeperThan", "streamReader"],
    isMcpsmith,
  ),
  rule("body read/parse", ["readRequestBody", "parserOnBody"]),
  rule("body read/parse", ["decode", "TextDecoder"], (url) => url.includes("internal/encoding")),
  // Node's readable streams: the request (or stdin) delivering its bytes.
  rule("body read/parse", undefined, (url) => url.includes("internal/streams/readable")),
  rule("body read/parse", ["parse"], isFloor),
  // The SDK's envelope checks: each is a zod safeParse of the JSON-RPC shapes or the 2026-07-28 `_meta` envelope.
  rule("JSON-RPC + _meta validation", [
    "checkInboundEnvelope",
    "validateEnvelopeMeta",
    "classifyInboundRequest",
    "classifyRequestBody",
    "isJSONRPCRequest",
    "isJSONRPCNotification",
    "isJSONRPCResultResponse",
    "isJSONRPCErrorResponse",
    "isJSONRPCResponse",
    "isInitializeRequest",
    "isInitializedNotification",
    "validateRequest",
    "validateStandardRequestHeaders",
    "validateMcpParamHeaders",
    "requiredClientCapabilitiesForRequest",
    "missingClientCapabilities",
    "parseWithCompat",
    "deserializeMessage",
    "parseJSONRPCMessage",
  ]),
  rule("result validation (SDK, zod)", ["validateResult"], isSdk),
  // A Server (and the SDK's transport) built and torn down for one request: constructor, handler registration,
  // connect, close (with the SdkError the Protocol makes for requests still open), and the SDK's per-request
  // conversion of the called tool's schema to JSON Schema (for x-mcp-header declarations).
  rule(
    "per-request server construction/teardown",
    ["createServer", "createConnectionServer", "bind", "serving", "withTasksExtension", "MiddlewareServer"],
    isMcpsmith,
  ),
  rule(
    "per-request server construction/teardown",
    [
      "Server",
      "McpServer",
      "Protocol",
      "registerTool",
      "setRequestHandler",
      "setToolRequestHandlers",
      "_wrapHandler",
      "connect",
      "close",
      "_onclose",
      "_transport.onclose",
      "SdkError",
      "teardown",
      "onExchangeClose",
      "assertNotServing",
      "resolveLegacyShimOptions",
      "installModernOnlyHandlers",
      "seedClientIdentityFromEnvelope",
      "setNegotiatedProtocolVersion",
      "WebStandardStreamableHTTPServerTransport",
      "PerRequestHTTPServerTransport",
      "toolInputSchemaJson",
      "standardSchemaToJsonSchema",
      "scanXMcpHeaderDeclarations",
    ],
    isSdk,
  ),
  rule("per-request server construction/teardown", ["factory"], isBenchServer),
  rule("AbortSignal/AbortController", undefined, (url) => url.includes("internal/abort_controller")),
  rule("AbortSignal/AbortController", undefined, (url) => url.includes("internal/event_target")),
  rule("AbortSignal/AbortController", ["followSignal"], isMcpsmith),
  rule(
    "web Request/Response/streams",
    ["toRequest", "authorityOf", "requestFollowing", "send", "internalError"],
    isMcpsmith,
  ),
  rule("web Request/Response/streams", ["toWebRequest", "toNodeHandler"], isSdk),
  rule("web Request/Response/streams", undefined, (url) => url.includes("internal/deps/undici")),
  rule("web Request/Response/streams", undefined, (url) => url.includes("internal/webstreams")),
  rule("web Request/Response/streams", undefined, (url) => url.includes("internal/worker/js_transferable")),
  // The tool call: mcpsmith's handler, context, hooks, input validation and handler; the SDK's tools/call handler.
  rule(
    "tool dispatch + input validation",
    [
      "toolCall",
      "dispatchToolCall",
      "callTool",
      "runHandler",
      "runChain",
      "makeContext",
      "validate",
      "toToolResult",
      "truncateResult",
    ],
    isMcpsmith,
  ),
  rule(
    "tool dispatch + input validation",
    [
      "validateToolInput",
      "validateStandardSchema",
      "executeToolHandler",
      "_invokeInputRequiredCapableHandler",
      "handleAutomaticTaskPolling",
      "createToolError",
    ],
    isSdk,
  ),
  rule("tool dispatch + input validation", undefined, isBenchServer),
  rule("result building/serialisation", ["projectCallToolResult", "stampServerInfo", "withServerInfo"]),
  rule("result building/serialisation", ["answer", "error", "listAnswer"], isFloor),
  rule("response/SSE writing", ["send", "sendLine"], isFloor),
  rule(
    "result building/serialisation",
    ["serializeMessage", "encodeResult", "stampServerInfoMeta", "stampResultType", "fillCacheFields"],
    isSdk,
  ),
  // Writing: the SDK's transport send (JSON answer or SSE event), Node's outgoing message and socket writes.
  rule("response/SSE writing", ["send", "writeSSEEvent", "completeExchange", "pull", "cleanup"], (url) =>
    url.includes("@modelcontextprotocol/server"),
  ),
  rule("response/SSE writing", undefined, (url) =>
    ["node:_http_outgoing", "node:net", "internal/stream_base_commons", "internal/streams/writable"].some((part) =>
      url.includes(part),
    ),
  ),
  rule("response/SSE writing", ["writev", "writeUtf8String", "writeBuffer", "writeLatin1String"]),
  rule(
    "stdio framing (lines, transport)",
    undefined,
    (url) => url.startsWith("node:readline") || url.includes("internal/readline"),
  ),
  rule(
    "stdio framing (lines, transport)",
    ["append", "readMessage", "processReadBuffer", "ondata", "_ondata", "processMessage", "pump", "deliver"],
    isSdk,
  ),
  rule("node:http parsing, socket/pipe reads", ["onStreamRead"]),
  // Routing: the steps in front of the SDK, the SDK's entry and Protocol dispatch.
  rule(
    "routing (endpoint steps, SDK handler, Protocol)",
    ["answer", "route", "checkHostAndOrigin", "handler"],
    isMcpsmith,
  ),
  rule(
    "routing (endpoint steps, SDK handler, Protocol)",
    [
      "handle",
      "fetchFace",
      "serveModern",
      "serveLegacyRoute",
      "handleRequest",
      "handlePostRequest",
      "classifyEntryRequest",
      "invoke",
      "handleMessage",
      "_onrequest",
      "_transport.onmessage",
      "findScopeChallenge",
      "validateHostHeader",
      "validateOriginHeader",
    ],
    isSdk,
  ),
];

/**
 * Looked for only when no rule above matched any frame: an anonymous closure of the SDK or of mcpsmith's bundle
 * (the Protocol's handler continuation, a pipeline step) is routing, whatever it calls.
 */
const FALLBACK_RULES: readonly Rule[] = [
  rule("routing (endpoint steps, SDK handler, Protocol)", [""], (url) => isSdk(url) || isMcpsmith(url)),
];

/** Start-up wherever it happens: loading modules, and Node's own preparation of the main module. */
function isStartup(frame: CallFrame): boolean {
  return (
    frame.url.startsWith("node:internal/modules/") ||
    frame.url.startsWith("node:internal/main/") ||
    frame.url.startsWith("node:internal/process/pre_execution") ||
    frame.url.startsWith("node:internal/fs/promises") ||
    frame.functionName === "compileForInternalLoader"
  );
}

/**
 * mcpsmith's stdin guard copies every line it accepted into a PassThrough that the SDK's transport reads: that copy
 * is framing, however deep its stream writes go (the parse and check before it, `refusalOf`, are not).
 */
function isGuardCopy(stack: readonly CallFrame[]): boolean {
  const line = stack.findIndex((frame) => frame.functionName === "onLine" && isMcpsmith(frame.url));
  return line >= 0 && !stack.slice(0, line).some((frame) => frame.functionName === "refusalOf");
}

function match(stack: readonly CallFrame[], rules: readonly Rule[]): Phase | undefined {
  for (const frame of stack) {
    for (const candidate of rules) {
      if (candidate.names && !candidate.names.has(frame.functionName)) continue;
      if (candidate.url && !candidate.url(frame.url)) continue;
      return candidate.phase;
    }
  }
  return undefined;
}

/** The phase of one sample, from its stack (leaf first). */
export function phaseOf(stack: readonly CallFrame[]): Phase {
  const leaf = stack[0];
  if (!leaf) return "other (event loop, microtasks)";
  if (leaf.functionName === "(garbage collector)") return "GC";
  if (leaf.functionName === "(idle)") return "idle";
  if (leaf.functionName === "(program)") return "V8 (program)";
  if (stack.some(isStartup)) return "start-up (module loading)";
  if (isGuardCopy(stack)) return "stdio framing (lines, transport)";
  const found = match(stack, RULES) ?? match(stack, FALLBACK_RULES);
  if (found) return found;
  const http = (frame: CallFrame) =>
    frame.url.startsWith("node:_http") ||
    frame.url.startsWith("node:http") ||
    frame.url.startsWith("node:internal/http");
  return stack.some(http) ? "node:http parsing, socket/pipe reads" : "other (event loop, microtasks)";
}

/**
 * Sums a profile's samples by phase, by area and by function. V8's sampler takes a sample when the thread next runs,
 * and credits it with all the time since the previous one: time the process spent runnable but descheduled (on a
 * busy machine, often right after a write woke the client, which then runs first) lands on whatever function ran
 * next, most often the write syscall. Each busy sample is therefore counted for at most the sampling interval, which
 * estimates on-CPU time rather than wall time; idle samples keep their full time.
 */
/** `window`: only the samples taken within it (the measured calls, not the start-up before them). */
export function summarize(profile: CpuProfile, top = 25, window?: ProfileWindow): ProfileSummary {
  const intervalUs = median(profile.timeDeltas.filter((dt) => dt > 0));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const phaseOfNode = new Map<number, Phase>();
  const nodePhase = (id: number): Phase => {
    let phase = phaseOfNode.get(id);
    if (phase === undefined) {
      const stack: CallFrame[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at))
        stack.push(byId.get(at)!.callFrame);
      phase = phaseOf(stack);
      phaseOfNode.set(id, phase);
    }
    return phase;
  };
  const phases = new Map<Phase, number>();
  const self = new Map<number, number>();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const wall = profile.timeDeltas[i] ?? 0;
    at += wall;
    if (window && (at < window.fromMicros || at > window.toMicros)) return;
    total += wall;
    const phase = nodePhase(id);
    const dt = phase === "idle" ? wall : Math.min(wall, intervalUs);
    self.set(id, (self.get(id) ?? 0) + dt);
    if (phase !== "idle") phases.set(phase, (phases.get(phase) ?? 0) + dt);
  });
  const areas = new Map<string, number>();
  const functions = new Map<string, { name: string; where: string; time: number }>();
  for (const [id, time] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const area = areaOf(url, functionName);
    if (area === "idle") continue;
    areas.set(area, (areas.get(area) ?? 0) + time);
    const where = url ? `${shorten(url)}:${lineNumber + 1}` : "";
    const key = `${functionName}@${where}`;
    const entry = functions.get(key) ?? { name: functionName || "(anonymous)", where, time: 0 };
    entry.time += time;
    functions.set(key, entry);
  }
  const busy = [...phases.values()].reduce((sum, time) => sum + time, 0);
  const pct = (time: number) => (busy > 0 ? (100 * time) / busy : 0);
  return {
    totalMs: total / 1000,
    intervalUs,
    byPhase: [...phases].map(([phase, time]) => ({ phase, ms: time / 1000 })).sort((a, b) => b.ms - a.ms),
    busyPercent: total > 0 ? (100 * busy) / total : 0,
    byArea: [...areas].map(([area, time]) => ({ area, percent: pct(time) })).sort((a, b) => b.percent - a.percent),
    byFunction: [...functions.values()]
      .sort((a, b) => b.time - a.time)
      .slice(0, top)
      .map(({ name, where, time }) => ({ name, where, percent: pct(time) })),
  };
}

function shorten(url: string): string {
  const nodeModules = url.lastIndexOf("node_modules/");
  if (nodeModules >= 0) return url.slice(nodeModules + "node_modules/".length);
  const runtime = url.indexOf("packages/runtime/");
  if (runtime >= 0) return url.slice(runtime);
  return url.replace(/^file:\/\//, "");
}

/**
 * The phase table: each phase's share of the busy (non-idle) CPU time and, given the number of requests the
 * process answered, its CPU time per request. Start-up (module loading) is in the profile but is no request's.
 */
export function formatPhases(summary: ProfileSummary, requests?: number): string[] {
  const busy = summary.byPhase.reduce((sum, { ms }) => sum + ms, 0);
  const perRequest = (ms: number) => (requests ? `${((1000 * ms) / requests).toFixed(1).padStart(7)} µs/req` : "");
  return [
    `  by phase of a request${requests ? ` (${requests} requests answered)` : ""}:`,
    ...summary.byPhase.map(
      ({ phase, ms }) => `  ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${perRequest(ms)}  ${phase}`,
    ),
  ];
}

/**
 * Phases side by side for several profiled servers: the share of each one's busy CPU time and its CPU time per
 * request (the profile's time over the requests that process answered, start-up's module loading left out).
 */
export function phaseTable(
  servers: readonly { label: string; summary: ProfileSummary; requests: number }[],
): string[][] {
  const header = ["phase", ...servers.flatMap(({ label }) => [`${label} %`, `${label} µs/req`])];
  const rows = PHASES.filter((phase) => phase !== "idle").map((phase) => [
    phase,
    ...servers.flatMap(({ summary, requests }) => {
      const busy = summary.byPhase.reduce((sum, entry) => sum + entry.ms, 0);
      const ms = summary.byPhase.find((entry) => entry.phase === phase)?.ms ?? 0;
      return [`${((100 * ms) / busy).toFixed(1)}`, `${((1000 * ms) / requests).toFixed(1)}`];
    }),
  ]);
  const perRequest = (summary: ProfileSummary, requests: number) =>
    summary.byPhase
      .filter((entry) => entry.phase !== "start-up (module loading)")
      .reduce((sum, entry) => sum + entry.ms, 0) / requests;
  const total = [
    "total per request (module loading excluded)",
    ...servers.flatMap(({ summary, requests }) => ["", `${(1000 * perRequest(summary, requests)).toFixed(1)}`]),
  ];
  return [header, ...rows.filter((row) => row.slice(1).some((cell) => cell !== "0.0")), total];
}

export function formatSummary(title: string, summary: ProfileSummary, requests?: number): string {
  const lines = [
    `${title}: ${summary.totalMs.toFixed(0)} ms sampled every ~${summary.intervalUs.toFixed(0)} µs, ` +
      `${summary.busyPercent.toFixed(0)}% of it on CPU (estimated)`,
    ...formatPhases(summary, requests),
    "  by where the code lives (self time, shares of busy time):",
    ...summary.byArea.map(({ area, percent }) => `  ${percent.toFixed(1).padStart(5)}%  ${area}`),
    "  top functions (self time):",
    ...summary.byFunction.map(({ name, where, percent }) => `  ${percent.toFixed(1).padStart(5)}%  ${name}  ${where}`),
  ];
  return lines.join("\n");
}

export function summarizeFile(path: string, top?: number, window?: ProfileWindow): ProfileSummary {
  return summarize(JSON.parse(readFileSync(path, "utf8")) as CpuProfile, top, window);
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  // `node profile.js FILE... [--requests N]`: N, the requests the profiled process answered, adds µs per request.
  const args = process.argv.slice(2);
  const at = args.indexOf("--requests");
  const requests = at >= 0 ? Number(args[at + 1]) : undefined;
  const files = at >= 0 ? args.filter((_, i) => i !== at && i !== at + 1) : args;
  for (const file of files) console.log(`${formatSummary(file, summarizeFile(file, 40), requests)}\n`);
}
