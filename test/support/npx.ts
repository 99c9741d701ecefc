import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Official tools run with `npx`, the way their READMEs say: the conformance suite and the MCP Inspector CLI.
 * Both need Node >= 22, so the command line asks npx for `node@22` as well, whatever Node runs the tests.
 * npx may download them from the npm registry on first use; everything they talk to is on 127.0.0.1.
 */
export const CONFORMANCE_PACKAGE = "@modelcontextprotocol/conformance@0.2.0-alpha.12";
export const INSPECTOR_PACKAGE = "@modelcontextprotocol/inspector@2.12.0";

export interface NpxResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface NpxOptions {
  cwd?: string;
  env?: Record<string, string>;
  /** A hang guard, not a speed assertion: the process is killed after this long (default 10 minutes). */
  killAfterMs?: number;
}

/** `npx -y -p node@22 -p <packages...> -- <command...>`, collecting its output. */
export function npx(packages: string[], command: string[], options: NpxOptions = {}): Promise<NpxResult> {
  const args = ["-y", "-p", "node@22", ...packages.flatMap((name) => ["-p", name]), "--", ...command];
  const child = spawn(process.platform === "win32" ? "npx.cmd" : "npx", args, {
    cwd: options.cwd ?? tmpdir(),
    env: { ...process.env, ...npmCacheEnv(), ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const guard = setTimeout(() => child.kill("SIGKILL"), options.killAfterMs ?? 10 * 60_000);
  return new Promise((resolve, reject) => {
    child.once("error", (error) => {
      clearTimeout(guard);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(guard);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/**
 * Keeps npm's cache and user config where they are when a test points HOME elsewhere (the Inspector writes
 * under $HOME): otherwise every run would download its packages again into the temporary home.
 */
function npmCacheEnv(): Record<string, string> {
  const home = homedir();
  return {
    npm_config_cache: process.env.npm_config_cache ?? join(home, ".npm"),
    npm_config_userconfig: process.env.npm_config_userconfig ?? join(home, ".npmrc"),
    npm_config_update_notifier: "false",
  };
}

const made: string[] = [];

/** A fresh directory under the system temp dir; `removeTempDirs()` deletes every one made so far. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
