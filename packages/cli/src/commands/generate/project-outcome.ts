import { PROJECT_VERSIONS, type ProjectVersions } from "@mcpsmith/codegen";
import { cliVersion } from "../../version.js";
import type { GenerateOutcome } from "./runner.js";

/** What a generated project names: our packages at this CLI's release, the tools as this workspace tests them. */
export function generatedProjectVersions(): ProjectVersions {
  const ours = `^${cliVersion()}`;
  return { ...PROJECT_VERSIONS, runtime: ours, cli: ours };
}

/** A written project, as the summary every `generate` kind prints: stale files removed count as changes. */
export function projectOutcome(
  result: { files: string[]; written: string[]; removed: string[]; toolListTokens: number },
  counts: Pick<GenerateOutcome, "tools" | "resources" | "prompts" | "warnings">,
): GenerateOutcome {
  return {
    files: result.files,
    written: [...result.written, ...result.removed],
    toolListTokens: result.toolListTokens,
    ...counts,
  };
}
