import type { SourceFigures } from "@mcpsmith/codegen/compose";
import { thousands } from "@mcpsmith/runtime/internal";
import type { Style } from "../format/style.js";
import type { Io } from "../io.js";
import { plural } from "../text.js";

/** A composed server's figures per source, as in tools mode (what each source costs a model's context). */
export type SourceFiguresReport = Pick<SourceFigures, "key" | "kind" | "title" | "tools" | "toolListTokens">[];

/**
 * Composes the config in this process to measure each source (the server `doctor` talks to is a child process,
 * which reports only the whole). Its own failures were already reported by connecting to that child.
 */
export async function sourceFigures(config: string, io: Io): Promise<SourceFiguresReport> {
  const { readConfig } = await import("@mcpsmith/codegen/config");
  const { composeConfig } = await import("@mcpsmith/codegen/compose");
  const read = await readConfig(config, io.cwd);
  const composition = await composeConfig(read, { env: io.env, authenticated: read.config.serve?.auth !== undefined });
  await composition.close();
  return composition.sources.map(({ key, kind, title, tools, toolListTokens }) => ({
    key,
    kind,
    title,
    tools,
    toolListTokens,
  }));
}

export function formatSourceFigures(sources: SourceFiguresReport, style: Style): string[] {
  const width = Math.max(...sources.map((source) => source.key.length));
  return [
    style.bold("Per source") + style.dim(" (each tool's share of a tools-mode tools/list)"),
    ...sources.map(
      (source) =>
        `  ${source.key.padEnd(width)}  ${source.kind.padEnd(10)} ${plural(source.tools, "tool").padStart(9)}  ≈ ${thousands(source.toolListTokens).padStart(6)} tokens  ${style.dim(source.title)}`,
    ),
    "",
  ];
}
