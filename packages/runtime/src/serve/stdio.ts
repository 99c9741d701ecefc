import { Writable } from "node:stream";
import { StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
import { FastPath } from "../engine/fast/fast-path.js";
import { LegacyFastPath } from "../engine/fast/legacy-fast-path.js";
import type { LiveModel } from "../engine/live-model.js";
import { createConnectionServer } from "../engine/server/server-factory.js";
import { TaskManager, type TaskOptions } from "../engine/tasks/manager.js";
import { fastStdio } from "./fast-stdio.js";
import { guardStdin } from "./stdio-guard.js";
import { answerTaskMethodsOn } from "./stdio-tasks.js";

export interface StdioHandle {
  close(): Promise<void>;
  /** Resolves when the client closes stdin (the host's way of saying goodbye). */
  readonly ended: Promise<void>;
}

/**
 * Serves over stdin/stdout. stdout belongs to the protocol, so for the lifetime of the server every other
 * write to it (a `console.log` in a handler, a chatty library) is sent to stderr instead of corrupting the
 * stream; the transport alone keeps the real stdout.
 */
export function listenStdio(live: LiveModel, taskOptions?: TaskOptions, fastPath = true): StdioHandle {
  const stdout = process.stdout;
  const protocolWrite = stdout.write.bind(stdout);
  const protocolOut = new Writable({
    write(chunk, encoding, callback) {
      protocolWrite(chunk, encoding, callback);
    },
  });
  stdout.write = process.stderr.write.bind(process.stderr) as typeof stdout.write;

  // The tasks extension is a 2026-07-28 feature: legacy connections run task tools inline.
  const tasks = new TaskManager(taskOptions);
  // The hot requests are answered from the model (serve/fast-stdio.ts) once the connection's era is settled:
  // on 2026-07-28 by the fast path,
  // On a connection opened with `initialize`, by the legacy fast path, through the connection's server.
  let legacy: LegacyFastPath | undefined;
  const fast = fastPath
    ? fastStdio(
        new FastPath(live, "stdio", tasks),
        (text) => protocolWrite(text),
        () => legacy,
      )
    : undefined;
  // Lines that are not JSON-RPC messages are answered by the guard; the transport reads only the others.
  const stdin = guardStdin(
    process.stdin,
    (message) => void transport.send(message).catch(() => {}),
    fast && ((message) => fast.take(message)),
  );
  const transport = new StdioServerTransport(stdin.stream, protocolOut);
  answerTaskMethodsOn(transport, tasks, () => live.current.info, {
    transport: "stdio",
    hooks: live.middleware.request,
  });
  // One server per connection, in the era the client opened with; it forwards change notifications (on 2026-07-28
  // the SDK routes them onto the client's subscriptions/listen streams).
  const served = serveStdio(
    ({ era }) => {
      const server = createConnectionServer(live, era, "stdio", era === "modern" ? tasks : undefined);
      if (fastPath && era === "legacy") legacy = new LegacyFastPath(live, server, "stdio");
      return server;
    },
    {
      transport,
    },
  );
  const ended = new Promise<void>((resolve) => {
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
  });

  let closing: Promise<void> | undefined;
  return {
    ended,
    close() {
      closing ??= Promise.all([tasks.close(), served.close()])
        .then(() => {})
        .finally(() => {
          legacy?.close();
          fast?.stop();
          stdin.stop();
          stdout.write = protocolWrite as typeof stdout.write;
        });
      return closing;
    },
  };
}
