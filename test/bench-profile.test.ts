import { describe, expect, it } from "vitest";
import { PHASES, phaseOf } from "../bench/runtime/profile.js";

// bench/runtime/profile.ts attributes each CPU sample to a phase of a request from its stack; docs/performance.md's
// tables, and the plan for the fast path, rest on these attributions being the right ones.

const SDK = "file:///repo/node_modules/@modelcontextprotocol/server/dist/src-DdvbAHrR.mjs";
const SDK_ENTRY = "file:///repo/node_modules/@modelcontextprotocol/server/dist/index.mjs";
const ZOD = "file:///repo/node_modules/zod/v4/core/schemas.js";
const RUNTIME = "file:///repo/packages/runtime/dist/chunk-QAPMPICG.js";
const ADAPTER = "file:///repo/packages/runtime/dist/node-server-3IHKBVZ6.js";

/** A stack from its root down to its leaf, as one reads a flame graph; phaseOf takes it leaf first. */
function stack(...frames: [name: string, url: string][]) {
  return frames.map(([functionName, url]) => ({ functionName, url, lineNumber: 0 })).reverse();
}

describe("phaseOf (bench/runtime/profile.ts)", () => {
  it("gives zod's time to the check that called it: the envelope, a tool's input, a result", () => {
    const parse: [string, string] = ["inst._zod.parse", ZOD];
    expect(phaseOf(stack(["_onrequest", SDK], ["checkInboundEnvelope", SDK], ["safeParse", ZOD], parse))).toBe(
      "JSON-RPC + _meta validation",
    );
    expect(phaseOf(stack(["toolCall", RUNTIME], ["callTool", RUNTIME], ["validate", RUNTIME], parse))).toBe(
      "tool dispatch + input validation",
    );
    expect(phaseOf(stack(["", SDK], ["validateResult", SDK], ["safeParse", ZOD], parse))).toBe(
      "result validation (SDK, zod)",
    );
  });

  it("takes the innermost known function: an AbortSignal made while building a tool's context is AbortSignal's", () => {
    const signal = stack(
      ["toolCall", RUNTIME],
      ["makeContext", RUNTIME],
      ["createAbortSignal", "node:internal/abort_controller"],
    );
    expect(phaseOf(signal)).toBe("AbortSignal/AbortController");
    const write = stack(
      ["send", ADAPTER],
      ["end", "node:_http_outgoing"],
      ["Socket._writev", "node:net"],
      ["writev", ""],
    );
    expect(phaseOf(write)).toBe("response/SSE writing");
    const request = stack(
      ["toRequest", ADAPTER],
      ["requestFollowing", RUNTIME],
      ["_Request", "node:internal/deps/undici/undici"],
    );
    expect(phaseOf(request)).toBe("web Request/Response/streams");
  });

  it("counts an anonymous SDK closure as routing only when nothing under it is known", () => {
    expect(phaseOf(stack(["runMicrotasks", ""], ["", SDK]))).toBe("routing (endpoint steps, SDK handler, Protocol)");
    expect(phaseOf(stack(["", SDK], ["", SDK], ["SdkError", SDK]))).toBe("per-request server construction/teardown");
    expect(phaseOf(stack(["handle", SDK_ENTRY], ["", SDK], ["readRequestBody", SDK_ENTRY]))).toBe("body read/parse");
  });

  it("splits mcpsmith's stdin guard: its parse and check of a line, then its copy to the SDK's transport", () => {
    const guard = "file:///repo/packages/runtime/dist/index.js";
    const copy = stack(["onData", guard], ["onLine", guard], ["Writable.write", "node:internal/streams/writable"]);
    expect(phaseOf(copy)).toBe("stdio framing (lines, transport)");
    const check = stack(["onLine", guard], ["refusalOf", guard], ["parseJSONRPCMessage", SDK], ["safeParse", ZOD]);
    expect(phaseOf(check)).toBe("JSON-RPC + _meta validation");
  });

  it("keeps start-up, V8's pseudo-frames and the event loop apart from requests", () => {
    const load = stack(["toRequest", ADAPTER], ["compileForInternalLoader", "node:internal/bootstrap/realm"]);
    expect(phaseOf(load)).toBe("start-up (module loading)");
    expect(phaseOf(stack(["loadAndTranslate", "node:internal/modules/esm/loader"]))).toBe("start-up (module loading)");
    expect(phaseOf(stack(["(garbage collector)", ""]))).toBe("GC");
    expect(phaseOf(stack(["(idle)", ""]))).toBe("idle");
    expect(phaseOf(stack(["processTicksAndRejections", "node:internal/process/task_queues"]))).toBe(
      "other (event loop, microtasks)",
    );
    expect(phaseOf(stack(["parserOnHeadersComplete", "node:_http_common"]))).toBe(
      "node:http parsing, socket/pipe reads",
    );
  });

  it("gives the floor's own functions their phases", () => {
    const floor = "file:///repo/bench/dist/runtime/servers/floor.js";
    const end: [string, string] = ["", floor];
    expect(phaseOf(stack(end, ["parse", floor]))).toBe("body read/parse");
    expect(phaseOf(stack(end, ["answer", floor], ["listAnswer", floor]))).toBe("result building/serialisation");
    expect(phaseOf(stack(end, ["send", floor], ["byteLength", "node:buffer"]))).toBe("response/SSE writing");
  });

  it("names only phases of its list", () => {
    expect(PHASES).toContain(phaseOf(stack(["somethingUnknown", "file:///elsewhere.js"])));
  });
});
