import {
  classifyInboundRequest,
  createMcpHandler,
  ProtocolErrorCode,
  Server,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { tooLarge } from "./serve/guards.js";
import { sourceLinesMatching } from "./sources.test-support.js";
import { protocolError, refusal, WIRE_ERRORS, wireError } from "./wire-errors.js";

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "c", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

describe("the wire errors' table", () => {
  it("is the only place in the runtime's sources that writes a JSON-RPC code", () => {
    // A bare code (comments too: they name the table's entry instead), or one read off the SDK's enum.
    const found = sourceLinesMatching(/-32\d{3}\b|ProtocolErrorCode\./).filter(
      (line) => !line.startsWith("wire-errors.ts:"),
    );
    expect(found).toEqual([]);
  });

  it("gives the SDK's codes where the SDK names them", () => {
    expect(WIRE_ERRORS.PARSE_ERROR.code).toBe(ProtocolErrorCode.ParseError);
    expect(WIRE_ERRORS.INVALID_REQUEST.code).toBe(ProtocolErrorCode.InvalidRequest);
    expect(WIRE_ERRORS.METHOD_NOT_FOUND.code).toBe(ProtocolErrorCode.MethodNotFound);
    expect(WIRE_ERRORS.INVALID_PARAMS.code).toBe(ProtocolErrorCode.InvalidParams);
    expect(WIRE_ERRORS.INTERNAL_ERROR.code).toBe(ProtocolErrorCode.InternalError);
    expect(WIRE_ERRORS.INTERNAL_SERVER_ERROR.code).toBe(ProtocolErrorCode.InternalError);
    expect(WIRE_ERRORS.RESOURCE_NOT_FOUND.code).toBe(ProtocolErrorCode.ResourceNotFound);
    expect(WIRE_ERRORS.MISSING_CLIENT_CAPABILITY.code).toBe(ProtocolErrorCode.MissingRequiredClientCapability);
    expect(WIRE_ERRORS.UNSUPPORTED_PROTOCOL_VERSION.code).toBe(ProtocolErrorCode.UnsupportedProtocolVersion);
  });

  describe("says what the SDK says in the same situation", () => {
    const handler = (factory: () => Server, limit = 64 * 1024) =>
      createMcpHandler(factory, { maxRequestBodySize: limit });
    const post = (body: string, headers: Record<string, string> = {}) =>
      new Request("http://localhost/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body,
      });
    const errorOf = async (response: Response) => ({
      status: response.status,
      ...((await response.json()) as { error: { code: number; message: string } }).error,
    });
    const headOf = (message: string) => message.split(":", 1)[0];

    it("for a body that is not JSON, and one too large", async () => {
      const mcp = handler(() => new Server({ name: "t", version: "1" }), 64);
      const parse = await errorOf(await mcp.fetch(post("{not json")));
      expect(parse).toMatchObject({ status: WIRE_ERRORS.PARSE_ERROR.status, code: WIRE_ERRORS.PARSE_ERROR.code });
      expect(headOf(parse.message)).toBe(WIRE_ERRORS.PARSE_ERROR.message);
      const large = await errorOf(await mcp.fetch(post(JSON.stringify({ padding: "x".repeat(64) }))));
      const ours = await errorOf(tooLarge(64));
      expect(large).toEqual(ours);
      expect(headOf(large.message)).toBe(WIRE_ERRORS.PAYLOAD_TOO_LARGE.message);
      await mcp.close();
    });

    it("for a request it failed to serve (its HTTP entry), and one whose handler threw no message (in band)", async () => {
      const failing = handler(() => {
        throw new Error("no server today");
      });
      const request = { jsonrpc: "2.0", id: 1, method: "ping" };
      expect(await errorOf(await failing.fetch(post(JSON.stringify(request))))).toMatchObject({
        status: WIRE_ERRORS.INTERNAL_SERVER_ERROR.status,
        code: WIRE_ERRORS.INTERNAL_SERVER_ERROR.code,
        message: WIRE_ERRORS.INTERNAL_SERVER_ERROR.message,
      });

      const throwing = handler(() => {
        const server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });
        server.setRequestHandler("tools/list", () => {
          throw {};
        });
        return server;
      });
      const list = { jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: ENVELOPE } };
      const headers = { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" };
      const answer = await throwing.fetch(post(JSON.stringify(list), headers));
      expect(answer.status).toBe(WIRE_ERRORS.INTERNAL_ERROR.status);
      expect(((await answer.json()) as { error: unknown }).error).toEqual({
        code: WIRE_ERRORS.INTERNAL_ERROR.code,
        message: WIRE_ERRORS.INTERNAL_ERROR.message,
      });
      await throwing.close();
      await failing.close();
    });

    it("for headers that disagree with the body", () => {
      const classified = classifyInboundRequest({
        httpMethod: "POST",
        protocolVersionHeader: "2026-07-28",
        mcpMethodHeader: "tools/call",
        body: {
          jsonrpc: "2.0",
          id: 1,
          method: "tools/list",
          params: { _meta: ENVELOPE },
        },
      });
      expect(classified).toMatchObject({
        kind: "reject",
        httpStatus: WIRE_ERRORS.HEADER_MISMATCH.status,
        code: WIRE_ERRORS.HEADER_MISMATCH.code,
      });
      expect((classified as { message: string }).message.startsWith(WIRE_ERRORS.HEADER_MISMATCH.message)).toBe(true);
    });

    it("for an unknown session", async () => {
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => "s" });
      await new Server({ name: "t", version: "1" }).connect(transport);
      await transport.close();
      const gone = await errorOf(await transport.handleRequest(post("{}", { "mcp-session-id": "s" })));
      expect(gone).toMatchObject({
        status: WIRE_ERRORS.SESSION_NOT_FOUND.status,
        code: WIRE_ERRORS.SESSION_NOT_FOUND.code,
        message: WIRE_ERRORS.SESSION_NOT_FOUND.message,
      });
    });
  });

  it("makes refusals, error objects and protocol errors from one entry", async () => {
    const response = refusal("PAYLOAD_TOO_LARGE", { detail: "Request body must not exceed 5 bytes", id: 3 });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Payload Too Large: Request body must not exceed 5 bytes"},"id":3}',
    );
    expect(wireError("PARSE_ERROR", "the line is not valid JSON")).toEqual({
      code: -32700,
      message: "Parse error: the line is not valid JSON",
    });
    expect(protocolError("INVALID_PARAMS", "Unknown tool: x", { name: "x" })).toMatchObject({
      code: -32602,
      message: "Unknown tool: x",
      data: { name: "x" },
    });
    expect(protocolError("INTERNAL_ERROR").message).toBe("Internal error");
  });
});
