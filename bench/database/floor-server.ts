/**
 * The floor of the `list_<table>` round trip: a server written with `@modelcontextprotocol/server` in its documented
 * style whose one tool answers, with no work at all, the very result `mcpsmith serve db` answered (its
 * structuredContent and fenced text, read from the file named by the first argument) under the tool name given second. Over stdio with the official
 * client, its time is what the SDK, the pipe and the client cost for those bytes: what no server built on them can
 * go under.
 */
import { readFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import * as z from "zod/v4";

const answer = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as {
  content: { type: "text"; text: string }[];
  structuredContent: Record<string, unknown>;
};

const handle = serveStdio(() => {
  const server = new McpServer({ name: "bench-floor", version: "1.0.0" });
  server.registerTool(
    process.argv[3] ?? "list_Track",
    { inputSchema: z.object({ limit: z.number().int() }) },
    async () => answer,
  );
  return server;
});
process.stdin.once("end", () => void handle.close().then(() => process.exit(0)));
process.once("SIGTERM", () => process.exit(0));
