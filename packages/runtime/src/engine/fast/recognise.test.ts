import { describe, expect, it } from "vitest";
import type { StandardHeaders } from "../sdk/contract.js";
import { recognise } from "./recognise.js";

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "test", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

const call = (params: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "echo", arguments: { text: "hi" }, _meta: ENVELOPE, ...params },
  ...top,
});

const HEADERS: StandardHeaders = { protocolVersion: "2026-07-28", method: "tools/call", name: "echo" };

describe("recognise: the requests the fast path answers", () => {
  it("takes a plain 2026-07-28 tools/call, with its headers on HTTP and without on stdio", () => {
    expect(recognise(call(), HEADERS)).toMatchObject({ id: 1, method: "tools/call" });
    expect(recognise(call(), undefined)).toMatchObject({ id: 1, method: "tools/call" });
    expect(recognise(call({}, { id: "a" }), { ...HEADERS, name: " echo\t" })).toMatchObject({ id: "a" });
  });

  it("takes every fast method with the params its schema accepts", () => {
    const request = (method: string, params: Record<string, unknown>) =>
      recognise({ jsonrpc: "2.0", id: 2, method, params: { ...params, _meta: ENVELOPE } }, undefined);
    expect(request("tools/list", { cursor: "abc" })).toBeDefined();
    expect(request("resources/read", { uri: "file:///a" })).toBeDefined();
    expect(request("prompts/get", { name: "p", arguments: { a: "1" } })).toBeDefined();
    expect(request("server/discover", {})).toBeDefined();
    expect(request("resources/templates/list", {})).toBeDefined();
  });

  // Each of these the SDK answers (with an error, or as another kind of request): the fast path must not.
  it.each([
    ["a batch", [call()]],
    ["a notification", { ...call(), id: undefined }],
    ["a fractional id", call({}, { id: 1.5 })],
    ["an id beyond the safe integers", call({}, { id: 2 ** 53 })],
    ["a null id", call({}, { id: null })],
    ["another jsonrpc version", call({}, { jsonrpc: "1.0" })],
    ["an extra top-level member", call({}, { result: {} })],
    ["a method it does not serve", call({}, { method: "completion/complete" })],
    ["initialize", call({}, { method: "initialize" })],
    ["a name that is not a string", call({ name: 5 })],
    ["arguments that are an array", call({ arguments: [] })],
    ["an input round", call({ requestState: "x" })],
    ["input responses", call({ inputResponses: {} })],
    ["a task-augmented call", call({ task: { ttl: 1 } })],
    ["no envelope", call({ _meta: undefined })],
    [
      "a 2025 revision in the envelope",
      call({ _meta: { ...ENVELOPE, "io.modelcontextprotocol/protocolVersion": "2025-11-25" } }),
    ],
    ["no client capabilities", call({ _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } })],
    [
      "capabilities of the wrong shape",
      call({ _meta: { ...ENVELOPE, "io.modelcontextprotocol/clientCapabilities": { roots: 5 } } }),
    ],
    [
      "client info without a version",
      call({ _meta: { ...ENVELOPE, "io.modelcontextprotocol/clientInfo": { name: "x" } } }),
    ],
    ["an unknown log level", call({ _meta: { ...ENVELOPE, "io.modelcontextprotocol/logLevel": "loud" } })],
    ["a fractional progress token", call({ _meta: { ...ENVELOPE, progressToken: 0.5 } })],
  ])("leaves %s to the SDK", (_case, body) => {
    expect(recognise(body, HEADERS)).toBeUndefined();
    expect(recognise(body, undefined)).toBeUndefined();
  });

  it.each([
    ["no MCP-Protocol-Version", { ...HEADERS, protocolVersion: undefined }],
    ["another MCP-Protocol-Version", { ...HEADERS, protocolVersion: "2025-11-25" }],
    ["no Mcp-Method", { ...HEADERS, method: undefined }],
    ["another Mcp-Method", { ...HEADERS, method: "tools/list" }],
    ["no Mcp-Name", { ...HEADERS, name: undefined }],
    ["another Mcp-Name", { ...HEADERS, name: "other" }],
    ["an Mcp-Name in Base64", { ...HEADERS, name: "=?base64?ZWNobw==?=" }],
  ])("leaves a request with %s to the SDK", (_case, headers) => {
    expect(recognise(call(), headers)).toBeUndefined();
  });
});
