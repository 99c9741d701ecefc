/**
 * The server the soak drives: `echo`, a task-supporting `job`, and a resource; default options but a task TTL of
 * 30 seconds, so tasks come and go within the run (at the default hour they would only fill up to their cap).
 * It answers the message "memory" with its RSS and heap after a full collection.
 */
import { serve, server } from "@mcpsmith/runtime";
import * as z from "zod/v4";
import { TOOL } from "../runtime/protocol.js";
import { announce } from "../runtime/servers/args.js";

const SOAK_TASK_TTL_MS = 30_000;

const app = server({ name: "bench-soak", version: "1.0.0" })
  .tool(TOOL, { description: "Echo the text back", input: z.object({ text: z.string() }) }, ({ text }) => text)
  .tool("job", { description: "A task that ends at once", task: "optional" }, async (_args, ctx) => {
    await ctx.startTask();
    return "done";
  })
  .resource("soak://counter", { description: "A resource clients subscribe to" }, () => "0");

const handle = await serve(app, {
  transport: "http",
  http: { host: "127.0.0.1", port: 0 },
  tasks: { ttlMs: SOAK_TASK_TTL_MS },
});
announce(handle.url!.href);

// The bench asks for the memory after a full collection (the process runs with --expose-gc): what is retained.
process.on("message", (message) => {
  if (message !== "memory") return;
  globalThis.gc?.();
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  process.send?.({ rss, heapUsed, heapTotal, external });
});
