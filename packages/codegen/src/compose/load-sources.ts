/**
 * A checked config's sources loaded side by side (a database's introspection and a large document's parse overlap),
 * each planned by its transforms: what serving (compose.ts) and generating (generate/) both start from. An optional
 * source that fails is left out with a warning; any other failure closes what loaded and is thrown.
 */
import { basename } from "node:path";
import type { ServerInfo } from "@mcpsmith/runtime";
import type { ComposedSource } from "@mcpsmith/runtime/compose";
import { isRecord } from "./config/checks.js";
import { kindOfSource, type SourceKind } from "./config/kinds.js";
import type { ConfigFile } from "./config/read.js";
import type { SourceConfig } from "./config/types.js";
import { planSource } from "./plan.js";
import { type LoadedSource, loadSource } from "./sources/index.js";

export interface LoadedEntry {
  key: string;
  kind: SourceKind;
  config: SourceConfig;
  source: LoadedSource;
}

export interface LoadedSources {
  loaded: LoadedEntry[];
  /** Optional sources left out, with why. */
  skipped: { key: string; reason: string }[];
  /** Releases what the sources hold (database connections). */
  close(): Promise<void>;
}

export async function loadConfigSources(
  { config, dir }: ConfigFile,
  env: Readonly<Record<string, string | undefined>>,
  warn: (message: string) => void,
): Promise<LoadedSources> {
  const entries = Object.entries(config.sources).map(([key, source]) => ({ key, source, kind: kindOf(source) }));
  const outcomes = await Promise.allSettled(
    entries.map(({ key, source, kind }) =>
      loadSource(kind, source, {
        key,
        dir,
        env,
        ...(config.maxNameLength !== undefined && { maxNameLength: config.maxNameLength }),
      }),
    ),
  );
  const loaded: LoadedEntry[] = [];
  const skipped: LoadedSources["skipped"] = [];
  const failures: unknown[] = [];
  outcomes.forEach((outcome, index) => {
    const { key, source, kind } = entries[index]!;
    if (outcome.status === "fulfilled") loaded.push({ key, kind, config: source, source: outcome.value });
    else if (source.optional === true) {
      const reason = (outcome.reason as Error).message;
      skipped.push({ key, reason });
      warn(`${reason}; it is optional, and left out`);
    } else failures.push(outcome.reason);
  });
  const close = async () => {
    await Promise.allSettled(loaded.map(({ source }) => source.close?.()));
  };
  if (failures.length > 0) {
    await close();
    throw failures[0];
  }
  for (const { key, source } of loaded) for (const warning of source.warnings) warn(`source "${key}": ${warning}`);
  return { loaded, skipped, close };
}

/** Each loaded source with the plan of what is served of it (names, descriptions, bindings), as the runtime takes it. */
export function plannedSources(
  { config, file }: ConfigFile,
  loaded: readonly LoadedEntry[],
  warn: (message: string) => void,
): ComposedSource[] {
  return loaded.map(({ key, config: source, source: { model, hints, rawSql, onChange } }) => {
    const prefix = source.prefix ?? key;
    const plan = planSource({
      key,
      tools: model.tools.map((tool) => tool.name),
      prefix,
      transforms: source.tools ?? {},
      rawSql,
      // A remote's tools come and go while it serves: a transform naming one it lacks now waits for it.
      live: onChange !== undefined,
      file,
      ...(config.maxNameLength !== undefined && { maxNameLength: config.maxNameLength }),
    });
    for (const warning of plan.warnings) warn(warning);
    return { key, model, prefix, tools: plan.tools, hints };
  });
}

/** The composed server's identity: the config's, named after its folder when it gives no name. */
export function configServerInfo({ config, dir }: ConfigFile): ServerInfo {
  return {
    name: config.name ?? basename(dir),
    version: config.version ?? "0.1.0",
    ...(config.title !== undefined && { title: config.title }),
  };
}

function kindOf(source: SourceConfig): SourceKind {
  // The config was validated: exactly one kind key is there.
  return kindOfSource(isRecord(source) ? source : {}, "", () => {})!;
}
