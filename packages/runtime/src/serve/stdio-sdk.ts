import type { Readable, Writable } from "node:stream";
import { StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
import { LegacyFastPath } from "../engine/fast/legacy-fast-path.js";
import type { LiveModel } from "../engine/live-model.js";
import { createConnectionServer } from "../engine/server/server-factory.js";
import type { TaskManager } from "../engine/tasks/manager.js";
import { answerTaskMethodsOn } from "./stdio-tasks.js";

/** The SDK's side of a stdio connection (its transport, and the connection's server it makes). */
export interface SdkConnection {
  close(): Promise<void>;
}

/**
 * Hands a stdio connection to the SDK: its transport reads the guarded stdin (the lines the fast path did not take)
 * and writes to `output`. One server per connection, in the era the client opened with; it forwards change
 * notifications (on 2026-07-28 the SDK routes them onto the client's subscriptions/listen streams). On a
 * connection opened with `initialize`, `onLegacy` gets the legacy fast path over the connection's server.
 * Loaded lazily by serve/stdio.ts: this module imports the SDK.
 */
export function connectSdk(
  live: LiveModel,
  input: Readable,
  output: Writable,
  tasks: TaskManager,
  onLegacy: ((legacy: LegacyFastPath) => void) | undefined,
): SdkConnection {
  const transport = new StdioServerTransport(input, output);
  answerTaskMethodsOn(transport, tasks, () => live.current.info, {
    transport: "stdio",
    hooks: live.middleware.request,
  });
  // The tasks extension is a 2026-07-28 feature: legacy connections run task tools inline.
  return serveStdio(
    ({ era }) => {
      const server = createConnectionServer(live, era, "stdio", era === "modern" ? tasks : undefined);
      if (onLegacy && era === "legacy") onLegacy(new LegacyFastPath(live, server, "stdio"));
      return server;
    },
    { transport },
  );
}
