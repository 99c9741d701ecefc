import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { STATE_KEY_ENV } from "@mcpsmith/runtime/internal";
import type { Io } from "../../io.js";
import { endGroup, spawnGroup } from "./process-group.js";
import type { LaunchServer } from "./restarter.js";

export interface ServerProcessOptions {
  entry: string;
  /** Arguments after the entry (`serve --config FILE` for a config's server). */
  args?: readonly string[];
  project: string;
  io: Io;
  /** Set for --http; undefined means stdio. */
  port: number | undefined;
  /** Over stdio: each line the server writes to stdout (for the proxy). Over HTTP its stdout goes to ours. */
  onLine: ((line: string) => void) | undefined;
  log(text: string): void;
  /** Set besides the session's own variables (the dev page's OpenTelemetry settings). */
  env?: Readonly<Record<string, string>>;
  /** Sees what the server writes on stderr, which goes on to ours. */
  onStderr?: (text: string) => void;
}

/**
 * Launches `node <entry>` in the project, in a process group of its own, with stderr passed through. Every server of
 * the session signs `requestState` with one key (`MCPSMITH_STATE_KEY`, else one made for the session): an
 * elicitation round begun before a restart is answered after it, and no restart warns of a random key again.
 */
export function serverLauncher(options: ServerProcessOptions): LaunchServer {
  const { entry, project, io, port, onLine, log, onStderr, args = [] } = options;
  const stateKey = io.env[STATE_KEY_ENV] || randomBytes(32).toString("base64url");
  return (onExit) => {
    if (!existsSync(entry)) {
      log(`${entry} does not exist yet; waiting for a build`);
      return undefined;
    }
    const child = spawnGroup(process.execPath, [entry, ...args], {
      cwd: project,
      env: {
        ...(io.env as NodeJS.ProcessEnv),
        [STATE_KEY_ENV]: stateKey,
        MCPSMITH_TRANSPORT: port === undefined ? "stdio" : "http",
        ...(port !== undefined && { MCPSMITH_PORT: String(port), PORT: String(port) }),
        ...options.env,
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      io.stderr.write(text);
      onStderr?.(text);
    });
    if (onLine) createInterface({ input: child.stdout! }).on("line", onLine);
    else child.stdout?.on("data", (chunk: Buffer) => io.stdout.write(chunk.toString("utf8")));
    child.stdin?.on("error", () => {});
    child.once("exit", (code, signal) => onExit(signal ?? `code ${code}`));
    return {
      pid: child.pid,
      send: (line) => child.stdin?.write(`${line}\n`),
      stop: () => endGroup(child),
    };
  };
}
