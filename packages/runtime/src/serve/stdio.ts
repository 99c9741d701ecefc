import { Writable } from "node:stream";
import { FastPath } from "../engine/fast/fast-path.js";
import type { LegacyFastPath } from "../engine/fast/legacy-fast-path.js";
import type { LiveModel } from "../engine/live-model.js";
import { TaskManager, type TaskOptions } from "../engine/tasks/manager.js";
import { loadSdk, sdkLoaded } from "../sdk.js";
import { asciiWire } from "./ascii-wire.js";
import { fastStdio } from "./fast-stdio.js";
import { stdioFront } from "./stdio-front.js";
import { guardStdin } from "./stdio-guard.js";
import type { SdkConnection } from "./stdio-sdk.js";

export interface StdioHandle {
  close(): Promise<void>;
  /** Resolves when the client closes stdin (the host's way of saying goodbye). */
  readonly ended: Promise<void>;
}

/**
 * Serves over stdin/stdout. stdout belongs to the protocol, so for the lifetime of the server every other
 * write to it (a `console.log` in a handler, a chatty library) is sent to stderr instead of corrupting the
 * stream; the protocol's writers alone keep the real stdout.
 *
 * The SDK's side of the connection (serve/stdio-sdk.ts) is connected at once when the SDK is loaded already (every
 * entry of the package but the lean one loads it); otherwise the stdio front (serve/stdio-front.ts) answers what it
 * can without it and connects it at the first message it cannot answer.
 */
export async function listenStdio(live: LiveModel, taskOptions?: TaskOptions, fastPath = true): Promise<StdioHandle> {
  const stdout = process.stdout;
  const realWrite = stdout.write.bind(stdout);
  // Every message, from whichever side, goes out through here (serve/ascii-wire.ts says why it is escaped).
  const protocolWrite = (text: string | Uint8Array, written?: () => void) =>
    realWrite(typeof text === "string" ? asciiWire(text) : text, written);
  // The SDK's answer to a message replayed to it (the front answered it already) is dropped here.
  let dropping: { id: string | number; dropped: () => void } | undefined;
  const protocolOut = new Writable({
    // The SDK writes each message as a string: kept one, so that it is escaped as the fast paths' answers are.
    decodeStrings: false,
    write(chunk: string | Uint8Array, _encoding, callback) {
      if (dropping !== undefined && answersTo(chunk, dropping.id)) {
        dropping.dropped();
        dropping = undefined;
        callback();
        return;
      }
      protocolWrite(chunk, callback);
    },
  });
  stdout.write = process.stderr.write.bind(process.stderr) as typeof stdout.write;

  // The tasks extension is a 2026-07-28 feature: legacy connections run task tools inline.
  const tasks = new TaskManager(taskOptions);
  // The hot requests are answered from the model (serve/fast-stdio.ts) once the connection's era is settled:
  // on 2026-07-28 by the fast path, on a connection opened with `initialize` by the legacy fast path, through the
  // connection's server.
  let legacy: LegacyFastPath | undefined;
  const modern = fastPath ? new FastPath(live, "stdio", tasks) : undefined;
  // An answer written while the SDK's side still holds lines of its own (written to stdout, or waiting for that
  // write to finish) goes after them: a notification the handler caused is out before its answer, as on the SDK.
  const fastWrite = (text: string) => {
    if (protocolOut.writableLength > 0) protocolOut.write(text);
    else protocolWrite(text);
  };
  const fast = modern && fastStdio(modern, fastWrite, () => legacy);

  let sdk: SdkConnection | undefined;
  const sdkSide = () => loadSdk().then(() => import("./stdio-sdk.js"));
  const attach = ({ connectSdk }: typeof import("./stdio-sdk.js")) => {
    sdk = connectSdk(live, stdin.stream, protocolOut, tasks, fastPath ? (path) => (legacy = path) : undefined);
  };
  // Without the front, stdin is read only once the SDK is there: the guard checks with it what the fast path leaves.
  const loaded = modern && !sdkLoaded() ? undefined : await sdkSide();
  const pass = (message: unknown, text: string) => {
    if (!fast?.take(message)) stdin.pass(message, text);
  };
  const front =
    modern !== undefined && loaded === undefined
      ? stdioFront(live, modern, (text, written) => protocolWrite(text, written), {
          preload: () => void sdkSide(),
          connect: () => sdkSide().then(attach),
          replay(message, text, id) {
            const dropped = new Promise<void>((resolve) => {
              dropping = { id, dropped: resolve };
            });
            pass(message, text);
            return dropped;
          },
          pass,
        })
      : undefined;

  // Lines that are not JSON-RPC messages are answered by the guard; the SDK's transport reads only the others.
  const stdin = guardStdin(
    process.stdin,
    (message) => protocolWrite(`${JSON.stringify(message)}\n`),
    (message, text) => front?.take(message, text) || fast?.take(message) || false,
    () => front?.settled() ?? Promise.resolve(),
  );
  if (loaded !== undefined) attach(loaded);

  // A host that closed its end of stdout (a write fails with EPIPE) is gone as surely as one that closed stdin: the
  // connection ends, where the write's error, unheard, would crash the process with a stack trace on stderr.
  let outputGone: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
    outputGone = resolve;
  });
  stdout.on("error", outputGone);

  let closing: Promise<void> | undefined;
  return {
    ended,
    close() {
      // A hand-over under way finishes first: the SDK's side is then closed with the rest, not connected after.
      closing ??= (front?.settled() ?? Promise.resolve())
        .then(() => Promise.all([tasks.close(), sdk?.close()]))
        .then(() => {})
        .finally(() => {
          legacy?.close();
          fast?.stop();
          stdin.stop();
          stdout.off("error", outputGone);
          stdout.write = realWrite as typeof stdout.write;
        });
      return closing;
    },
  };
}

/** Whether a line the SDK writes is the answer (a result or an error) to the request with this id. */
function answersTo(chunk: unknown, id: string | number): boolean {
  let message: unknown;
  try {
    message = JSON.parse(String(chunk));
  } catch {
    return false;
  }
  if (typeof message !== "object" || message === null) return false;
  const answer = message as { id?: unknown; result?: unknown; error?: unknown };
  return answer.id === id && (answer.result !== undefined || answer.error !== undefined);
}
