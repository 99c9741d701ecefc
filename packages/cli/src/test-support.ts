import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import type { Io } from "./io.js";
import { main } from "./main.js";

/** The repository root, for the example servers the tests talk to (built by `pnpm build`). */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const HELLO_ENTRY = `${REPO_ROOT}examples/hello/dist/main.js`;
/** `-- node examples/hello/dist/main.js`: the hello example over stdio. */
export const HELLO_STDIO = ["--", process.execPath, HELLO_ENTRY];

export interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

const BIN = `${REPO_ROOT}packages/cli/dist/bin.js`;
const PTY_DRIVER = `${REPO_ROOT}packages/cli/src/pty-driver.py`;

/**
 * Runs the built `mcpsmith <args>` in a real pseudo-terminal (python3's pty module: stdin, stdout and stderr are
 * the terminal), sending each step's keys once its text has appeared, as a person would. Resolves to the exit
 * code and the transcript without colour and cursor movements.
 */
export function runInTerminal(
  args: string[],
  steps: [string, string][],
  options: { cwd?: string; env?: Record<string, string | undefined> } = {},
): Promise<{ code: number | null; transcript: string }> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    TERM: "xterm-256color",
    CI: undefined,
    NO_COLOR: undefined,
    ...options.env,
  };
  delete env.npm_config_user_agent;
  const child = spawn("python3", [PTY_DRIVER, JSON.stringify(steps), "--", process.execPath, BIN, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let transcript = "";
  const keep = (chunk: string) => {
    transcript += chunk;
  };
  child.stdout.setEncoding("utf8").on("data", keep);
  child.stderr.setEncoding("utf8").on("data", keep);
  return new Promise((resolve) =>
    child.once("close", (code) => resolve({ code, transcript: stripVTControlCharacters(transcript) })),
  );
}

/** Runs `main` as the bin would, with captured, non-TTY output (so plain text, no colour). */
export async function runCli(argv: string[], options: { cwd?: string; env?: Io["env"] } = {}): Promise<Captured> {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdinIsTTY: false,
    env: options.env ?? process.env,
    cwd: options.cwd ?? REPO_ROOT,
  });
  return { code, stdout, stderr };
}

export interface HttpServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts examples/hello over HTTP on a free port and resolves once it prints where it listens. */
export function startHelloHttp(): Promise<HttpServer> {
  const child = spawn(process.execPath, [HELLO_ENTRY, "--http", "0"], { stdio: ["ignore", "ignore", "pipe"] });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`hello did not start: ${output}`)), 15_000);
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, stop });
      }
    });
    child.once("exit", (code) => reject(new Error(`hello exited (${code}): ${output}`)));
  });
}

// What the tests of `mcpsmith dev` share: ending a dev as a host does, and reading its log as it grows.

/** Ends a dev as a host does, SIGKILL only if it has not stopped within 15 s. */
export async function stop(dev: ChildProcess): Promise<void> {
  if (dev.exitCode !== null || dev.signalCode !== null) return;
  const force = setTimeout(() => dev.kill("SIGKILL"), 15_000);
  dev.kill("SIGTERM");
  await exited(dev);
  clearTimeout(force);
}

/** Collects a stream's text and resolves `until` once it matches, counting from the start. */
export function watchText(stream: NodeJS.ReadableStream) {
  let text = "";
  const waiters: { test: (text: string) => boolean; done: () => void }[] = [];
  stream.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
    for (const waiter of waiters.splice(0)) {
      if (waiter.test(text)) waiter.done();
      else waiters.push(waiter);
    }
  });
  return {
    text: () => text,
    until: (test: (text: string) => boolean) =>
      new Promise<void>((done) => (test(text) ? done() : waiters.push({ test, done }))),
  };
}

export const count = (text: string, needle: string) => text.split(needle).length - 1;

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((done) =>
    child.exitCode !== null || child.signalCode !== null
      ? done(child.exitCode)
      : child.once("exit", (code) => done(code)),
  );
}
