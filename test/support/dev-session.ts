// `mcpsmith dev --http 0 --ui` in a project (or any command that serves the dev page), as a person runs it: its own
// process, its addresses read from what it prints, stopped with SIGTERM as a terminal's Ctrl-C or a host would (it
// then ends its server too).
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { stopProcessGroup } from "./commands.js";
import { ROOT } from "./servers.js";

export interface DevSession {
  /** The dev page, token included. */
  page: URL;
  /** The MCP endpoint clients use. */
  mcp: URL;
  /** Everything dev wrote on stderr so far. */
  log(): string;
  /** Resolves once the log matches (counting from the start). */
  until(pattern: RegExp): Promise<RegExpMatchArray>;
  stop(): Promise<void>;
}

/** The built CLI's `dev --http 0 --ui` in the project. */
export function startDevUi(project: string, env: Record<string, string>): Promise<DevSession> {
  return startWithPage(process.execPath, [join(ROOT, "packages/cli/dist/bin.js"), "dev", "--http", "0", "--ui"], {
    cwd: project,
    env,
  });
}

/** A command that serves the dev page and an MCP endpoint over HTTP (it prints both). */
export async function startWithPage(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string | undefined> },
): Promise<DevSession> {
  const { FORCE_COLOR: _color, ...inherited } = process.env;
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: { ...inherited, NO_COLOR: "1", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    // A group of its own: through npx, the CLI is npx's child, and stopping must end both.
    detached: true,
  });
  let text = "";
  const waiters: { pattern: RegExp; done: (match: RegExpMatchArray) => void }[] = [];
  child.stdout!.resume();
  child.stderr!.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
    for (const waiter of waiters.splice(0)) {
      const match = text.match(waiter.pattern);
      if (match) waiter.done(match);
      else waiters.push(waiter);
    }
  });
  const exited = new Promise<never>((_, failed) =>
    child.once("exit", (code) => failed(new Error(`dev exited (code ${code}):\n${text}`))),
  );
  const until = (pattern: RegExp) =>
    Promise.race([
      exited,
      new Promise<RegExpMatchArray>((done) => {
        const match = text.match(pattern);
        if (match) done(match);
        else waiters.push({ pattern, done });
      }),
    ]);
  const [, page] = await until(/dev page: (\S+)/);
  const [, mcp] = await until(/serving (http:\/\/\S+\/mcp)/);
  return {
    page: new URL(page!),
    mcp: new URL(mcp!),
    log: () => text,
    until,
    stop: () => stopProcessGroup(child, 15_000),
  };
}
