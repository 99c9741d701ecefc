/** Where a command reads and writes. `main` gets the real process streams; tests pass captured ones. */
export interface Io {
  stdout: OutputStream;
  stderr: OutputStream;
  /** Whether a person can answer prompts. Without one, no command ever prompts. */
  stdinIsTTY: boolean;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
}

export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export function processIo(): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdinIsTTY: process.stdin.isTTY === true,
    env: process.env,
    cwd: process.cwd(),
  };
}

/** Colour only for a person at a terminal: never when NO_COLOR is set (any value) or output is piped. */
export function colorEnabled(stream: OutputStream, env: Io["env"]): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return stream.isTTY === true && env.TERM !== "dumb";
}
