import { writeGeneratedFiles } from "@mcpsmith/codegen";
import { openTsGeneration } from "@mcpsmith/codegen/pipelines/typescript";
import { CliError } from "../../errors.js";
import { wholeNumberFlag } from "../../flags/values.js";
import type { GenerateOutcome, GenerateRequest, GenerateRunner } from "./runner.js";

/** `mcpsmith generate ts`: reads the annotated modules and writes the server module and its main.ts. */
export const run: GenerateRunner = async (request) => openTsRun(request)();

/** Runs of one request kept open (`mcpsmith dev`): each takes the files changed since the last, re-parsing only those. */
export type TsRun = (changed?: readonly string[]) => GenerateOutcome;

export function openTsRun({ inputs, options, cwd }: GenerateRequest): TsRun {
  if (inputs.length === 0) {
    throw new CliError("E_USAGE", "generate ts needs the files, folders or globs holding the tagged functions.", {
      hint: "For example `mcpsmith generate ts src/tools.ts` or `mcpsmith generate ts src`.",
    });
  }
  const tsconfig = text(options.tsconfig);
  const out = text(options.out);
  const maxNameLength = wholeNumberFlag(options, "max-name-length", "generate");
  const generation = openTsGeneration({
    inputs,
    cwd,
    ...(out !== undefined && { out }),
    ...(tsconfig !== undefined && { tsconfig }),
    transport: transportOf(options.transport),
    ...(maxNameLength !== undefined && { maxNameLength }),
  });
  return (changed) => {
    const result = generation.run(changed);
    const written = writeGeneratedFiles(result.files);
    return {
      files: [...result.files.keys()],
      written,
      tools: result.ir.tools.length,
      resources: result.ir.resources.length,
      prompts: result.ir.prompts.length,
      toolListTokens: result.toolListTokens,
      warnings: result.ir.warnings.map((warning) => `${warning.file}:${warning.pointer}: ${warning.message}`),
    };
  };
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function transportOf(value: unknown): "stdio" | "http" {
  if (value === undefined || value === "stdio" || value === "http") return value ?? "stdio";
  throw new CliError("E_USAGE", `--transport must be stdio or http; got "${String(value)}".`);
}
