/**
 * A source's transforms -> the plan of what the composed server serves of it, by the runtime's planner (the one the
 * project `generate --config` writes runs on a remote's tools at run time): a transform it cannot carry out is an
 * error of the config file, at its key.
 */
import { type PlanToolsInput, planTools, type ToolPlan } from "@mcpsmith/runtime/compose";
import { configError } from "./config/validate.js";

export interface PlanInput extends PlanToolsInput {
  /** The config file, for errors. */
  file: string;
}

export interface SourcePlan {
  tools: ToolPlan[];
  /** Said on every start: what the plan left out, and why. */
  warnings: string[];
}

export function planSource({ file, ...input }: PlanInput): SourcePlan {
  const { tools, warnings, problems } = planTools(input);
  if (problems.length > 0)
    throw configError(
      file,
      problems.map((problem) => ({ file, ...problem })),
    );
  return { tools, warnings };
}
