import { resolve } from "node:path";
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
import { booleanOption } from "../args/parse.js";
import { CliError } from "../errors.js";
import { configFileOf } from "../flags/config-flag.js";
import { styleFor } from "../format/style.js";
import type { Io } from "../io.js";
import { plural } from "../text.js";
import { describeFiles } from "./generate/files-summary.js";
import { CONFIG_KIND, findKind, GENERATE_KINDS, SHARED_OPTIONS } from "./generate/kinds.js";
import type { GenerateOutcome } from "./generate/runner.js";

const kindNames = GENERATE_KINDS.map((kind) => kind.name).join(", ");

export const command: CommandDefinition = {
  usage: [
    "generate <kind> <inputs...> [options]",
    "generate",
    CONFIG_KIND.usage,
    ...GENERATE_KINDS.map((kind) => kind.usage),
  ],
  details: [
    "Reads a source and writes ordinary mcpsmith code under the output folder, never touching the source.",
    "Each run is recorded in mcpsmith.json (kind, inputs, options): ts in the current folder, openapi in the project",
    "it writes, so `mcpsmith generate` with no arguments there regenerates everything recorded. Output is deterministic: a re-run with the same input changes no file.",
    "Every run prints the number of tools and an estimate of the tools/list size in tokens.",
    `Kinds: ${GENERATE_KINDS.map((kind) => `${kind.name} (${kind.summary})`).join("; ")}.`,
    "",
    "--config (or, with no kind, a folder's mcpsmith.config.* when no mcpsmith.json records a run) writes one project",
    "serving what `mcpsmith serve` serves from that config: each source's generated code under src/generated/<key>/,",
    "composed in src/generated/index.ts with the config's prefixes, transforms and mode (docs/compose.md).",
  ].join("\n"),
  options: {
    ...SHARED_OPTIONS,
    ...Object.assign({}, ...GENERATE_KINDS.map((kind) => kind.options)),
    ...CONFIG_KIND.options,
  },
  examples: [
    ...GENERATE_KINDS.flatMap((kind) => kind.examples),
    ...CONFIG_KIND.examples,
    "# after a change: regenerate what mcpsmith.json lists",
    "mcpsmith generate",
  ],
  run: (args, io) => generate(args, io),
};

async function generate(args: ParsedArgs, io: Io): Promise<number> {
  const [kindName, ...inputs] = args.positionals;
  const config = await configToGenerate(args, io);
  if (config !== undefined) {
    const { config: _config, ...options } = givenOptions(args, CONFIG_KIND.name);
    await runOne({ kind: CONFIG_KIND.name, inputs: [config], options }, io.cwd, io);
    return 0;
  }
  if (kindName === undefined) return regenerateAll(args, io);
  const options = givenOptions(args, kindName);
  await runOne({ kind: kindName, inputs, options }, io.cwd, io);
  if (!findKind(kindName)?.recordsInProject) {
    await withCodegenErrors(async () => recordGeneration(io.cwd, { kind: kindName, inputs, options }));
  }
  return 0;
}

/**
 * The config to generate from: `--config [FILE]` (the file, else the folder's), or, with nothing else asked, the
 * folder's mcpsmith.config.* where no mcpsmith.json records a run (which `mcpsmith generate` then repeats instead).
 */
async function configToGenerate(args: ParsedArgs, io: Io): Promise<string | undefined> {
  const given = booleanOption(args, "config", false);
  const [file, ...extra] = args.positionals;
  if (given && extra.length > 0) {
    throw new CliError("E_USAGE", `--config takes one config, got: ${args.positionals.join(" ")}`, {
      hint: "For example `mcpsmith generate --config mcpsmith.config.ts --out server`.",
    });
  }
  if (given && file !== undefined) return resolve(io.cwd, file);
  const implicit = file === undefined && Object.values(args.values).every((value) => value === undefined);
  if (!given && !(implicit && (await withCodegenErrors(async () => readManifest(io.cwd))) === undefined))
    return undefined;
  const found = await configFileOf(args, io.cwd, true);
  if (given && found === undefined) {
    throw new CliError("E_TARGET_MISSING", `No mcpsmith.config.* in ${io.cwd}.`, {
      hint: "Name the config: `mcpsmith generate --config path/to/mcpsmith.config.ts`.",
    });
  }
  return found;
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
