import type { Io } from "./io.js";

/**
 * Every question the CLI asks a person lives here, so each command also runs without one: a command calls
 * `canPrompt(io)` and, without a terminal (or with --yes), uses its flags and defaults instead. @clack/prompts is
 * loaded only when a question is actually asked.
 */
export function canPrompt(io: Io): boolean {
  return io.stdinIsTTY && io.stdout.isTTY === true && io.env.CI !== "true";
}

/** Thrown when the person cancels (Ctrl-C or Esc) a question; nothing has been written at that point. */
export class PromptCancelled extends Error {
  constructor() {
    super("Cancelled");
    this.name = "PromptCancelled";
  }
}

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

/** The answers `mcpsmith new` needs; each is asked only when no flag gave it. */
export interface NewProjectAnswers {
  dir: string;
  template: string;
  transport: "stdio" | "http";
  pm: string;
  git: boolean;
  install: boolean;
}

export interface NewProjectQuestions {
  /** Answers given by flags: not asked. */
  known: Partial<NewProjectAnswers>;
  defaults: NewProjectAnswers;
  templates: readonly Choice<string>[];
  packageManagers: readonly string[];
  /** Checks a folder answer; returns a message when it cannot be used. */
  validateDir(value: string): string | undefined;
}

/** Asks, in order, for what the flags did not say: folder, template, transport, package manager, git, install. */
export async function askNewProject(questions: NewProjectQuestions): Promise<NewProjectAnswers> {
  const clack = await import("@clack/prompts");
  const { known, defaults } = questions;
  const answer = <T>(value: T): Exclude<T, symbol> => {
    if (clack.isCancel(value)) {
      clack.cancel("Cancelled; nothing was written.");
      throw new PromptCancelled();
    }
    return value as Exclude<T, symbol>;
  };

  clack.intro("mcpsmith new");
  const dir =
    known.dir ??
    answer(
      await clack.text({
        message: "Project folder (its name becomes the package name)",
        placeholder: defaults.dir,
        defaultValue: defaults.dir,
        validate: (value) => questions.validateDir(value?.trim() || defaults.dir),
      }),
    ).trim();
  const template =
    known.template ??
    answer(
      await clack.select({
        message: "Template",
        options: questions.templates.map((choice) => ({ ...choice })),
        initialValue: defaults.template,
      }),
    );
  const transport =
    known.transport ??
    answer(
      await clack.select<"stdio" | "http">({
        message: "Transport",
        options: [
          { value: "stdio", label: "stdio", hint: "hosts start the server (Claude Desktop, Cursor, VS Code)" },
          { value: "http", label: "http", hint: "a local Streamable HTTP server on 127.0.0.1:3000/mcp" },
        ],
        initialValue: defaults.transport,
      }),
    );
  const pm =
    known.pm ??
    answer(
      await clack.select({
        message: "Package manager",
        options: questions.packageManagers.map((name) => ({ value: name, label: name })),
        initialValue: defaults.pm,
      }),
    );
  const git =
    known.git ?? answer(await clack.confirm({ message: "Initialise a git repository?", initialValue: defaults.git }));
  const install =
    known.install ??
    answer(await clack.confirm({ message: "Install dependencies now?", initialValue: defaults.install }));
  clack.outro("Writing the project");
  return { dir: dir || defaults.dir, template, transport, pm, git, install };
}

/**
 * Runs a slow step with a spinner when a person watches a terminal; otherwise prints `message` once as a plain
 * line (logs and CI keep a readable record). The step's own output is never shown here.
 */
export async function withSpinner<T>(io: Io, message: string, step: () => Promise<T>, done: (result: T) => string) {
  if (!canPrompt(io) || io.env.NO_COLOR) {
    io.stdout.write(`${message}\n`);
    return await step();
  }
  const clack = await import("@clack/prompts");
  const spin = clack.spinner({ indicator: "timer" });
  spin.start(message);
  try {
    const result = await step();
    spin.stop(done(result));
    return result;
  } catch (error) {
    spin.error(message);
    throw error;
  }
}
