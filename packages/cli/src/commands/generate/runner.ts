import type { OptionValue } from "@mcpsmith/codegen";
import type { Io } from "../../io.js";

/** What one `mcpsmith generate <kind>` run is asked to do: inputs and options as given (or as recorded). */
export interface GenerateRequest {
  inputs: string[];
  /** By long option name; `out` included when given. */
  options: Record<string, OptionValue>;
  /** Where relative inputs, `--out` and mcpsmith.json live. */
  cwd: string;
}

/** What a run produced, for the summary every kind prints the same way. */
export interface GenerateOutcome {
  /** Absolute paths of the files the generator owns (written or already up to date). */
  files: string[];
  /** The subset that changed on disk this time. */
  written: string[];
  tools: number;
  resources: number;
  prompts: number;
  toolListTokens: number;
  warnings: string[];
}

export type GenerateRunner = (request: GenerateRequest, io: Io) => Promise<GenerateOutcome>;
