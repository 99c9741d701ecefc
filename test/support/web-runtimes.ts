import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stopProcessGroup } from "./commands.js";
import { freePort } from "./free-port.js";
import { ROOT } from "./servers.js";
import { REQUIRE_SERVICES } from "./services.js";

/**
 * The web-standard runtimes a server is tested on, each started the way its users start it: workerd through
 * `wrangler dev` (4.86, the last wrangler that runs on Node 20), Bun's `bun run` and Deno's `deno serve`. For any
 * entry module whose default export is `{ fetch(request, env?) }` (what `mcpsmith new --runtime` writes, and what
 * Workers, Bun and Deno all serve): `serveOnRuntime` starts it on a free loopback port and resolves once it answers.
 * Bun's entry must take its port from `PORT` (the harness sets it); the others are given theirs on the command line.
 */
export const WEB_RUNTIMES = ["workerd", "bun", "deno"] as const;
export type WebRuntime = (typeof WEB_RUNTIMES)[number];

export interface RuntimeServer {
  runtime: WebRuntime;
  /** The MCP endpoint: `/mcp` on the server's origin. */
  url: URL;
  /** What the runtime printed so far (for failure messages). */
  log(): string;
  close(): Promise<void>;
}

export interface ServeOnRuntimeOptions {
  /** The project folder: its node_modules resolve the entry's imports (and its wrangler.toml is read on workerd). */
  cwd: string;
  /** The entry module, relative to `cwd`. */
  entry: string;
  /** Variables the server sees: Worker bindings on workerd (`env`), the process environment on Bun and Deno. */
  vars?: Record<string, string>;
  /** A hang guard for the start, not a speed assertion. */
  startTimeoutMs?: number;
}

/** The command that runs each runtime: from the workspace's devDependencies, Bun from PATH (.ci/run installs it). */
function binary(runtime: WebRuntime): string {
  if (runtime === "workerd") return join(ROOT, "node_modules/.bin/wrangler");
  if (runtime === "deno") return join(ROOT, "node_modules/.bin/deno");
  return "bun";
}

/** Whether the runtime can run here; without it the tests skip with a message, or fail under MCPSMITH_REQUIRE_SERVICES=1. */
export function runtimeAvailable(runtime: WebRuntime): boolean {
  const found = spawnSync(binary(runtime), ["--version"], { stdio: "ignore" }).status === 0;
  if (found) return true;
  if (REQUIRE_SERVICES) throw new Error(`${runtime} is not installed here and MCPSMITH_REQUIRE_SERVICES=1.`);
  console.warn(`Skipping the ${runtime} tests: ${binary(runtime)} does not run here.`);
  return false;
}

export async function serveOnRuntime(runtime: WebRuntime, options: ServeOnRuntimeOptions): Promise<RuntimeServer> {
  const port = await freePort();
  const scratch = mkdtempSync(join(tmpdir(), `mcpsmith-${runtime}-`));
  const vars = options.vars ?? {};
  const [args, env] = commandFor(runtime, options.entry, port, vars, scratch);
  const child = spawn(binary(runtime), args, {
    cwd: options.cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding("utf8").on("data", (chunk: string) => {
      log = (log + chunk).slice(-30_000);
    });
  }
  const url = new URL(`http://127.0.0.1:${port}/mcp`);
  const close = async () => {
    await stopProcessGroup(child, 5_000);
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    await waitForAnswer(url, child, options.startTimeoutMs ?? 120_000);
  } catch (error) {
    await close();
    throw new Error(
      `${runtime} did not serve ${options.entry}: ${(error as Error).message}\n--- its output ---\n${log}`,
    );
  }
  return { runtime, url, log: () => log, close };
}

function commandFor(
  runtime: WebRuntime,
  entry: string,
  port: number,
  vars: Record<string, string>,
  scratch: string,
): [string[], Record<string, string>] {
  if (runtime === "workerd") {
    return [
      [
        "dev",
        entry,
        ...["--ip", "127.0.0.1", "--port", String(port)],
        ...["--compatibility-date", "2026-04-01", "--compatibility-flags", "nodejs_compat"],
        ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
        ...["--persist-to", join(scratch, "state"), "--show-interactive-dev-session=false"],
      ],
      // No telemetry, and wrangler's own files (logs, its config) in the scratch folder.
      { WRANGLER_SEND_METRICS: "false", WRANGLER_LOG_PATH: join(scratch, "logs"), XDG_CONFIG_HOME: scratch },
    ];
  }
  if (runtime === "deno") {
    return [
      // --sloppy-imports: TypeScript sources import each other as `./x.js`, as tsc and Node want.
      ["serve", "--sloppy-imports", "--host", "127.0.0.1", "--port", String(port), "--allow-all", entry],
      { ...vars, DENO_NO_UPDATE_CHECK: "1", DENO_DIR: join(scratch, "deno") },
    ];
  }
  return [["run", entry], { ...vars, PORT: String(port) }];
}

/** Until the endpoint answers at all (any status): the runtime is up and the entry module loaded. */
async function waitForAnswer(url: URL, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`it exited with code ${child.exitCode}`);
    const answered = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.body?.cancel().then(() => true) ?? true,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer at ${url.href} within ${timeoutMs} ms`);
}
