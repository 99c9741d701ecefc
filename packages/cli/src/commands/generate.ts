import {
  CLIENT_TOOL_LIMITS,
  CodegenError,
  type GenerateEntry,
  type OptionValue,
  readManifest,
  recordGeneration,
} from "@mcpsmith/codegen";
import { thousands } from "@mcpsmith/runtime/internal";
import type { CommandDefinition, ParsedArgs } from "../args/command.js";
import { CliError } from "../errors.js";
import { styleFor } from "../format/style.js";
import type { Io } from "../io.js";
import { plural } from "../text.js";
import { describeFiles } from "./generate/files-summary.js";
import { findKind, GENERATE_KINDS, SHARED_OPTIONS } from "./generate/kinds.js";
import type { GenerateOutcome } from "./generate/runner.js";

const kindNames = GENERATE_KINDS.map((kind) => kind.name).join(", ");

export const command: CommandDefinition = {
  usage: ["generate <kind> <inputs...> [options]", "generate", ...GENERATE_KINDS.map((kind) => kind.usage)],
  details: [
    "Reads a source and writes ordinary mcpsmith code under the output folder, never touching the source.",
    "Each run is recorded in mcpsmith.json (kind, inputs, options): ts in the current folder, openapi in the project",
    "it writes, so `mcpsmith generate` with no arguments there regenerates everything recorded. Output is deterministic: a re-run with the same input changes no file.",
    "Every run prints the number of tools and an estimate of the tools/list size in tokens.",
    `Kinds: ${GENERATE_KINDS.map((kind) => `${kind.name} (${kind.summary})`).join("; ")}.`,
  ].join("\n"),
  options: {
    ...SHARED_OPTIONS,
    ...Object.assign({}, ...GENERATE_KINDS.map((kind) => kind.options)),
  },
  examples: [
    ...GENERATE_KINDS.flatMap((kind) => kind.examples),
    "# after a change: regenerate what mcpsmith.json lists",
    "mcpsmith generate",
  ],
  run: (args, io) => generate(args, io),
};

async function generate(args: ParsedArgs, io: Io): Promise<number> {
  const [kindName, ...inputs] = args.positionals;
  if (kindName === undefined) return regenerateAll(args, io);
  const options = givenOptions(args, kindName);
  await runOne({ kind: kindName, inputs, options }, io.cwd, io);
  if (!findKind(kindName)?.recordsInProject) {
    await withCodegenErrors(async () => recordGeneration(io.cwd, { kind: kindName, inputs, options }));
  }
  return 0;
}

async function regenerateAll(args: ParsedArgs, io: Io): Promise<number> {
  if (Object.values(args.values).some((value) => value !== undefined)) {
    throw new CliError("E_USAGE", "Options go with a kind: `mcpsmith generate <kind> <inputs...> [options]`.", {
      hint: "`mcpsmith generate` alone reruns what mcpsmith.json records, with the options recorded there.",
    });
  }
  const manifest = await withCodegenErrors(async () => readManifest(io.cwd));
  if (manifest === undefined || manifest.generate.length === 0) {
    throw new CliError("E_USAGE", `Nothing to regenerate: ${io.cwd} has no mcpsmith.json with a "generate" entry.`, {
      hint: `Run a generator once, e.g. \`mcpsmith generate ts src/tools.ts\`; it records itself there. Kinds: ${kindNames}.`,
    });
  }
  for (const entry of manifest.generate) await runOne(entry, io.cwd, io);
  return 0;
}

async function runOne(entry: GenerateEntry, cwd: string, io: Io): Promise<void> {
  const kind = findKind(entry.kind);
  if (kind === undefined) {
    throw new CliError("E_USAGE", `There is no generator of kind "${entry.kind}". Kinds: ${kindNames}.`, {
      hint: "Run `mcpsmith generate --help` for each kind's inputs and options.",
    });
  }
  const runner = await kind.load();
  const outcome = await withCodegenErrors(() => runner({ inputs: entry.inputs, options: entry.options, cwd }, io));
  report(entry, outcome, cwd, io);
}

/** The options given on the command line, checked against what the kind accepts. */
function givenOptions(args: ParsedArgs, kindName: string): Record<string, OptionValue> {
  const kind = findKind(kindName);
  if (kind === undefined) return {};
  const options: Record<string, OptionValue> = {};
  for (const [name, value] of Object.entries(args.values)) {
    if (value === undefined) continue;
    if (!(name in SHARED_OPTIONS) && !(name in kind.options)) {
      throw new CliError("E_USAGE", `--${name} is not an option of \`generate ${kindName}\`.`, {
        hint: "Run `mcpsmith generate --help`: each option says which kind it belongs to.",
      });
    }
    options[name] = value;
  }
  return options;
}

function report(entry: GenerateEntry, outcome: GenerateOutcome, cwd: string, io: Io): void {
  const style = styleFor(io.stdout, io.env);
  const [first, ...folders] = describeFiles(outcome.files, outcome.written, entry.inputs, cwd);
  io.stdout.write(`${style.green("Generated")} ${first}\n`);
  for (const line of folders) io.stdout.write(`${line}\n`);
  const counts = [
    plural(outcome.tools, "tool"),
    ...(outcome.resources > 0 ? [plural(outcome.resources, "resource")] : []),
    ...(outcome.prompts > 0 ? [plural(outcome.prompts, "prompt")] : []),
  ];
  io.stdout.write(`${counts.join(", ")}; tools/list ≈ ${thousands(outcome.toolListTokens)} tokens\n`);
  for (const warning of outcome.warnings) io.stderr.write(`${style.yellow("warning")} ${warning}\n`);
  const over = Object.entries(CLIENT_TOOL_LIMITS).filter(([, limit]) => outcome.tools > limit);
  if (over.length > 0) {
    io.stderr.write(
      `${style.yellow("warning")} ${plural(outcome.tools, "tool")} is more than ${over.map(([host, limit]) => `${host} takes (${limit})`).join(", ")}.\n`,
    );
  }
}

async function withCodegenErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asCliError(error);
  }
}

/** The generator's own errors are the user's to fix (exit 1), with the generator's code kept in the message. */
function asCliError(error: unknown): unknown {
  if (!(error instanceof CodegenError)) return error;
  return new CliError("E_GENERATE_FAILED", `${error.code}: ${error.message}`, { cause: error });
}
