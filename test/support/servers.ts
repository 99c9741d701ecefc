import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The repository root, for paths to built examples. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The built examples/hello entry point (`pnpm build` first): stdio by default, `--http PORT` for HTTP. */
export const HELLO_MAIN = fileURLToPath(new URL("../../examples/hello/dist/main.js", import.meta.url));

/** The built examples/conformance-server entry point: HTTP by default (`--port 0` picks a free port), `--stdio` for stdio. */
export const CONFORMANCE_MAIN = fileURLToPath(
  new URL("../../examples/conformance-server/dist/main.js", import.meta.url),
);

/** How to start a server script over stdio, in the shape both SDKs' `StdioClientTransport` take. */
export interface StdioCommand {
  command: string;
  args: string[];
  /** Piped, not inherited: a server's stderr logging must not show up as test output. */
  stderr: "pipe";
  cwd: string;
  /** The server's whole environment, as a host's `env` gives it (a connection in DATABASE_URL); default: the client's. */
  env?: Record<string, string>;
}

export function stdioCommand(script: string, args: string[] = []): StdioCommand {
  return { command: process.execPath, args: [script, ...args], stderr: "pipe", cwd: ROOT };
}

/** A server process listening on a loopback port. */
export interface SpawnedHttpServer {
  url: URL;
  /** Everything the process wrote to stderr so far (for failure messages). */
  stderr(): string;
  close(): Promise<void>;
}

const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+\/\S*)/;

/**
 * Spawns `node script ...args` (which must print `listening on http://127.0.0.1:PORT/...` to stderr, as
 * `serve()` does) and resolves with the URL it printed. Pass port 0 in `args` so parallel test files never
 * collide. Only loopback URLs are accepted: tests never reach beyond 127.0.0.1. `env` is added to this process's.
 */
export async function spawnHttpServer(
  script: string,
  args: string[],
  timeoutMs = 10_000,
  env: Record<string, string> = {},
): Promise<SpawnedHttpServer> {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, ...env },
  });
  let log = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    log += chunk;
  });

  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`no "listening on" line within ${timeoutMs} ms`)), timeoutMs);
    const onData = () => {
      const match = LISTENING.exec(log);
      if (!match?.[1]) return;
      cleanup();
      resolve(new URL(match[1]));
    };
    const onExit = (code: number | null, signal: string | null) =>
      fail(new Error(`exited (code ${code}, signal ${signal}) before listening`));
    const fail = (error: Error) => {
      cleanup();
      child.kill("SIGKILL");
      reject(new Error(`${script} ${args.join(" ")}: ${error.message}\n--- stderr ---\n${log}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.stderr?.off("data", onData);
      child.off("exit", onExit);
      child.off("error", fail);
    };
    child.stderr?.on("data", onData);
    child.once("exit", onExit);
    child.once("error", fail);
  });

  return { url, stderr: () => log, close: () => stopProcess(child) };
}

/** SIGTERM (the server's graceful path), then SIGKILL if it has not exited within `graceMs`. */
export async function stopProcess(child: ChildProcess, graceMs = 3_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * A `fetch` that serves requests in process with a web-standard handler (`toFetchHandler(...).fetch`), so an
 * HTTP client transport can be pointed at it with no socket. The request's signal is kept: aborting the
 * client's fetch is how a closed stream looks to the server.
 */
export function inProcessFetch(handler: { fetch(request: Request): Promise<Response> }): typeof fetch {
  return (input, init) => handler.fetch(new Request(input, init));
}
