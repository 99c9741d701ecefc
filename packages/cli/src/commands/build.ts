import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import type { CommandDefinition, ParsedArgs } from "../args/command.js";
import { booleanOption, stringOption } from "../args/parse.js";
import { CliError } from "../errors.js";
import type { Io } from "../io.js";

export const command: CommandDefinition = {
  usage: ["build [options]"],
  details: [
    "Runs the project's own tsc (`tsc -b` on tsconfig.build.json, else tsconfig.json), then reads every class",
    "using @tool, @prompt or @resource and derives, from each method's types and doc comment, what its decorator",
    "leaves out: the input schema (the first parameter's type), the output schema (the awaited return type, when",
    "an object) and the description (the JSDoc summary). They are written beside the compiled modules",
    "(dist/x.js -> dist/x.mcpsmith.json) and in .mcpsmith/schemas.json (for sources run directly, as vitest and",
    "tsx do); the runtime finds them with no import. A type that cannot become a schema (a function, a symbol,",
    "`any`, a class with methods) fails the build with file:line:column and what to write instead; every such",
    "type is reported, not only the first. See docs/types-as-schema.md.",
  ].join("\n"),
  options: {
    tsconfig: {
      type: "string",
      value: "FILE",
      description: "tsconfig to compile and read (default tsconfig.build.json, else tsconfig.json)",
    },
    "schemas-only": {
      type: "boolean",
      description: "Derive the schemas without running tsc (when something else compiles the project)",
    },
  },
  examples: ["mcpsmith build", "mcpsmith build --tsconfig tsconfig.app.json", "mcpsmith build --schemas-only"],
  run: (args, io) => build(args, io),
};

async function build(args: ParsedArgs, io: Io): Promise<number> {
  if (args.positionals.length > 0) {
    throw new CliError("E_USAGE", `build takes no arguments, got: ${args.positionals.join(" ")}`, {
      hint: "Run it in the project's folder, or name the tsconfig with --tsconfig.",
    });
  }
  const tsconfig = findTsconfig(io.cwd, stringOption(args, "tsconfig"));
  if (!booleanOption(args, "schemas-only", false)) {
    const code = await runTsc(tsconfig, io);
    if (code !== 0) {
      io.stderr.write(`mcpsmith build: tsc failed (exit code ${code}); schemas not derived.\n`);
      return code;
    }
  }
  return await deriveSchemas(tsconfig, io);
}

function findTsconfig(cwd: string, explicit: string | undefined): string {
  if (explicit !== undefined) {
    const path = resolve(cwd, explicit);
    if (!existsSync(path))
      throw new CliError("E_TARGET_MISSING", `No tsconfig at ${path}.`, { hint: "Check --tsconfig." });
    return path;
  }
  const found = ["tsconfig.build.json", "tsconfig.json"]
    .map((name) => join(cwd, name))
    .find((path) => existsSync(path));
  if (found === undefined) {
    throw new CliError("E_TARGET_MISSING", `${cwd} has no tsconfig.build.json or tsconfig.json.`, {
      hint: "Run mcpsmith build in a TypeScript project's folder, or name its tsconfig with --tsconfig.",
    });
  }
  return found;
}

/** The project's own tsc, so the build compiles exactly as `tsc` would; its output goes to our streams. */
async function runTsc(tsconfig: string, io: Io): Promise<number> {
  let bin: string;
  try {
    bin = createRequire(tsconfig).resolve("typescript/bin/tsc");
  } catch (error) {
    throw new CliError("E_TARGET_MISSING", `${dirname(tsconfig)} has a tsconfig but no typescript installed.`, {
      hint: "Install the project's dependencies first, or pass --schemas-only when something else runs tsc.",
      cause: error,
    });
  }
  const child = spawn(process.execPath, [bin, "-b", tsconfig], { cwd: dirname(tsconfig), stdio: "pipe" });
  child.stdout.on("data", (chunk: Buffer) => io.stdout.write(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => io.stderr.write(chunk.toString()));
  return await new Promise<number>((done, fail) => {
    child.once("error", fail);
    child.once("close", (code) => done(code ?? 1));
  });
}

async function deriveSchemas(tsconfig: string, io: Io): Promise<number> {
  // The TypeScript compiler is loaded only here: every other command starts without it.
  const { applySchemaFiles, createSchemaExtractor, formatProblem, planSchemaFiles } = await import(
    "@mcpsmith/codegen/typescript"
  );
  const started = performance.now();
  const extraction = createSchemaExtractor(tsconfig).extract();
  if (extraction.problems.length > 0) {
    const count = extraction.problems.length;
    throw new CliError(
      "E_BUILD_FAILED",
      `${count} type${count === 1 ? "" : "s"} cannot become a JSON Schema:\n${extraction.problems.map((problem) => `  ${formatProblem(problem, io.cwd)}`).join("\n")}`,
      {
        hint: "Change the types as each line says, or pass the schema in the decorator (`@tool({ input: ... })`): written schemas are used as they are.",
      },
    );
  }
  applySchemaFiles(planSchemaFiles(extraction, tsconfig));
  const members = [...extraction.modules.values()].flat();
  const count = (kind: string, noun: string) => {
    const n = members.filter((member) => member.kind === kind).length;
    return `${n} ${noun}${n === 1 ? "" : "s"}`;
  };
  const modules = [...extraction.modules.keys()].map((path) => relative(io.cwd, path)).join(", ");
  io.stdout.write(
    `mcpsmith build: schemas of ${count("tool", "tool")}, ${count("prompt", "prompt")} and ${count("resource", "resource")} derived${modules ? ` (${modules})` : ""} in ${Math.round(performance.now() - started)} ms\n`,
  );
  return 0;
}
