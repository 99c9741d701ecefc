/**
 * One replica of the scale bench: the runtime bench's `echo` tool, and `announce`, which raises a tool-list change
 * and answers with the moment it did (epoch ms, sub-millisecond), so the bench can time the notification's way to a
 * listener on another replica. Redis, the key prefix and the state key come from the environment
 * (MCPSMITH_REDIS_URL, MCPSMITH_REDIS_PREFIX, MCPSMITH_STATE_KEY), as a deployment would give them.
 */
import { serve, server } from "@mcpsmith/runtime";
import * as z from "zod/v4";
import { TOOL } from "../runtime/protocol.js";
import { announce } from "../runtime/servers/args.js";

const app = server({ name: "bench-scale", version: "1.0.0" })
  .tool(TOOL, { description: "Echo the text back", input: z.object({ text: z.string() }) }, ({ text }) => text)
  .tool("announce", { description: "Announce that the tool list changed; answers when" }, (_args, ctx) => {
    ctx.notify.toolsChanged();
    return String(performance.timeOrigin + performance.now());
  });

const handle = await serve(app, { transport: "http", http: { host: "127.0.0.1", port: 0 } });
announce(handle.url!.href);
