import { colorEnabled, type Io } from "./io.js";

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
  /** The input of a template that generates the project (`--from`); undefined for the others. */
  from?: string;
  /** The dialect of a .sql file the database template generates from (`--dialect`). */
  dialect?: string;
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
  /** The question for the input a template generates from, when it takes one. */
  sourceQuestion(template: string): SourceQuestion | undefined;
}

/** A question whose answer is checked on the spot (it may read a file or the network), asked again until it passes. */
export interface SourceQuestion {
  message: string;
  placeholder: string;
  /** Why the answer cannot be used, or undefined. */
  problem(answer: string, dialect: string | undefined): Promise<string | undefined>;
  /** The dialect question an answer raises (a .sql file), when no flag answered it. */
  dialectQuestion(answer: string): Promise<{ message: string; options: readonly string[] } | undefined>;
}

/**
 * Asks, in order, for what the flags did not say: folder, template, the template's input (when it generates from
 * one), transport, package manager, git, install.
 */
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
  const question = questions.sourceQuestion(template);
  let from = known.from;
  let dialect = known.dialect;
  while (question !== undefined && from === undefined) {
    const given = answer(
      await clack.text({
        message: question.message,
        placeholder: question.placeholder,
        validate: (value) => (value?.trim() ? undefined : "Give a file path or a URL."),
      }),
    ).trim();
    const problem = await question.problem(given, dialect);
    if (problem !== undefined) {
      clack.log.error(problem);
      continue;
    }
    from = given;
    const follow = dialect === undefined ? await question.dialectQuestion(given) : undefined;
    if (follow !== undefined) {
      const options = follow.options.map((value) => ({ value, label: value }));
      dialect = answer(await clack.select({ message: follow.message, options }));
    }
  }
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
  return {
    dir: dir || defaults.dir,
    template,
    ...(from !== undefined && { from }),
    ...(dialect !== undefined && { dialect }),
    transport,
    pm,
    git,
    install,
  };
}

export interface SpinnerOptions<T> {
  /**
   * Where the spinner draws. `new` reports progress on stdout (its progress is its output); commands whose
   * stdout is data (`list`, `call`, `doctor`) draw on stderr so a pipe or `> file` gets only the data.
   */
  stream?: "stdout" | "stderr";
  /**
   * Without a terminal: print the message once as a plain line (logs and CI keep a record), or stay silent
   * (`false`, for steps whose result is printed anyway).
   */
  plainLine?: boolean;
  /** The line left in place of the spinner on success; without it the spinner is erased. */
  done?: (result: T) => string;
}

/**
 * Whether a spinner may draw on a stream: a person watches a terminal there, colour is not off (NO_COLOR, a dumb
 * terminal) and this is not CI. Anything else gets plain text, never animation frames.
 */
export function canAnimate(io: Io, stream: "stdout" | "stderr"): boolean {
  return colorEnabled(io[stream], io.env) && io.env.CI !== "true";
}

/**
 * Runs a slow step (starting a server, installing dependencies) under a @clack/prompts spinner when
 * `canAnimate` allows it. The step may `say` what it is doing now (shown only on the spinner). The step's own
 * output is never shown here; on failure the spinner is erased and the error goes up to be reported.
 */
export async function withSpinner<T>(
  io: Io,
  message: string,
  step: (say: (message: string) => void) => Promise<T>,
  options: SpinnerOptions<T> = {},
): Promise<T> {
  const stream = options.stream ?? "stdout";
  if (!canAnimate(io, stream)) {
    if (options.plainLine ?? true) io[stream].write(`${message}\n`);
    return await step(() => {});
  }
  const clack = await import("@clack/prompts");
  // The real process stream (clack measures its columns); no guide bar, so an erased spinner leaves nothing.
  // The timer shows the seconds spent, so a slow step visibly progresses.
  const output = stream === "stdout" ? process.stdout : process.stderr;
  const spin = clack.spinner({ output, withGuide: false, indicator: "timer" });
  // clack reads the terminal in raw mode while it spins and ends the process with code 0 on Ctrl-C. An interrupted
  // command must not look like a success, so its exit code becomes 1, as when a question of `new` is cancelled.
  // (Registered before the spinner's own listener, so it runs first.)
  const onKey = (_text: unknown, key: { ctrl?: boolean; name?: string } | undefined) => {
    if (key?.ctrl && key.name === "c") {
      process.once("exit", () => {
        process.exitCode = 1;
      });
    }
  };
  process.stdin.on("keypress", onKey);
  spin.start(message);
  try {
    const result = await step((text) => spin.message(text));
    if (options.done) spin.stop(options.done(result));
    else spin.clear();
    return result;
  } catch (error) {
    spin.clear();
    throw error;
  } finally {
    process.stdin.off("keypress", onKey);
  }
}
