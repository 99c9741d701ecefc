/**
 * The baseline: a hand-written `@modelcontextprotocol/server` 2.4.0 server in the SDK's documented style
 * (docs/serving/http.md and stdio.md): a factory that builds a fresh `McpServer` and registers its tools with
 * zod schemas, served by `createMcpHandler` behind `toNodeHandler` and the localhost guards, or `serveStdio`.
 * Nothing here is tuned: it is what a reader of the SDK docs writes.
 */
import type { AddressInfo } from "node:net";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import * as z from "zod/v4";
import { echoObject, fillerName, SERVER_NAME, TOOL } from "../protocol.js";
import { announce, parseServerArgs } from "./args.js";

const args = parseServerArgs(process.argv.slice(2));

function factory(): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: "1.0.0" });
  if (args.object) {
    server.registerTool(
      TOOL,
      {
        description: "Echo the text back",
        inputSchema: z.object({ text: z.string() }),
        outputSchema: z.object({ text: z.string(), length: z.number().int() }),
      },
      async ({ text }) => {
        const structuredContent = echoObject(text);
        return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
      },
    );
  } else {
    server.registerTool(
      TOOL,
      { description: "Echo the text back", inputSchema: z.object({ text: z.string() }) },
      async ({ text }) => ({ content: [{ type: "text", text }] }),
    );
  }
  for (let i = 1; i < args.tools; i++) {
    server.registerTool(
      fillerName(i),
      {
        description: `Filler tool number ${i}: echo the text back`,
        inputSchema: z.object({ text: z.string(), count: z.number().int().optional() }),
      },
      async ({ text }) => ({ content: [{ type: "text", text }] }),
    );
  }
  return server;
}

// Each transport imports only its own modules, as a single-transport program would (start-up is measured).
if (args.transport === "stdio") {
  const { serveStdio } = await import("@modelcontextprotocol/server/stdio");
  const handle = serveStdio(factory);
  process.stdin.once("end", () => void handle.close().then(() => process.exit(0)));
} else {
  const { createServer } = await import("node:http");
  const { localhostHostValidation, localhostOriginValidation, toNodeHandler } = await import(
    "@modelcontextprotocol/node"
  );
  const handler = createMcpHandler(factory);
  const nodeHandler = toNodeHandler(handler);
  const validateHost = localhostHostValidation();
  const validateOrigin = localhostOriginValidation();
  const http = createServer((req, res) => {
    if (!validateHost(req, res) || !validateOrigin(req, res)) return;
    void nodeHandler(req, res);
  });
  http.listen(0, "127.0.0.1", () => {
    announce(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
  });
}

// A clean exit on SIGTERM, so `--cpu-prof` can write its profile.
process.once("SIGTERM", () => process.exit(0));
