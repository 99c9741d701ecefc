import { spawn } from "node:child_process";

export interface RunResult {
  /** Exit code, or undefined when the program could not be started (not installed, not on PATH). */
  code: number | undefined;
  /** The last part of stdout and stderr together, to explain a failure. */
  output: string;
  error?: Error;
}

/** Runs a program to completion without a shell, keeping only the tail of its output. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: Readonly<Record<string, string | undefined>> },
): Promise<RunResult> {
  return new Promise((resolve) => {
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-8192);
    };
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
      // npm, pnpm and yarn are .cmd shims on Windows, which only a shell can start.
      shell: process.platform === "win32",
    });
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.once("error", (error) => resolve({ code: undefined, output, error }));
    child.once("close", (code) => resolve({ code: code ?? 1, output }));
  });
}
