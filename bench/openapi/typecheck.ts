/**
 * `tsc --noEmit` on a generated project, as its README tells a user to check it, with its own tsconfig, measured
 * like the generators (timed.ts), and its errors counted by code.
 */
import { type LinkResult, linkDependencies } from "./link-deps.js";
import { failureOf, type Timed, timed } from "./timed.js";

export interface TypeCheck {
  /** Whether tsc ran to the end (with or without errors). */
  completed: boolean;
  /** No errors and exit 0. */
  clean: boolean;
  errors: number;
  /** Of those, "Cannot find module" errors for dependencies this workspace does not have (see link-deps.ts). */
  missingPackageErrors: number;
  /** Errors by code, most frequent first, e.g. `TS2307: 2`. */
  codes: [string, number][];
  /** The first few error lines, as tsc printed them. */
  firstErrors: string[];
  /** Why tsc did not complete (timeout, out of memory ...). */
  failure?: string;
  run: Timed;
  linked: LinkResult;
}

const ERROR_LINE = /error (TS\d+):/;

/** `@scope/name/sub/path` -> `@scope/name`; `name/sub` -> `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return parts.slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
}

export async function typeCheck(projectDir: string, timeoutMs: number): Promise<TypeCheck> {
  const linked = linkDependencies(projectDir);
  // Large outputs need more than Node's default heap; 8 GiB is within what the bench machine has.
  const run = await timed({
    script: linked.tsc.script,
    args: ["--noEmit", "-p", projectDir],
    cwd: projectDir,
    timeoutMs,
    env: { NODE_OPTIONS: "--max-old-space-size=8192" },
  });
  const errorLines = run.stdout.split("\n").filter((line) => ERROR_LINE.test(line));
  const byCode = new Map<string, number>();
  for (const line of errorLines) {
    const code = ERROR_LINE.exec(line)![1]!;
    byCode.set(code, (byCode.get(code) ?? 0) + 1);
  }
  // tsc exits 0 when clean, 1 or 2 when it reported errors; anything else (a signal, a crash) did not complete.
  const missing = new Set(linked.dependencies.filter((dep) => dep.version === undefined).map((dep) => dep.name));
  const missingPackageErrors = errorLines.filter((line) => {
    const module = /error TS2307: Cannot find module '([^']+)'/.exec(line)?.[1];
    return module !== undefined && missing.has(packageOf(module));
  }).length;
  const completed = !run.timedOut && run.signal === null && (run.exitCode === 0 || errorLines.length > 0);
  return {
    completed,
    clean: completed && run.exitCode === 0 && errorLines.length === 0,
    errors: errorLines.length,
    missingPackageErrors,
    codes: [...byCode].sort((a, b) => b[1] - a[1]),
    firstErrors: errorLines.slice(0, 3).map((line) => line.slice(0, 240)),
    ...(!completed && { failure: failureOf(run, timeoutMs) }),
    run,
    linked,
  };
}
