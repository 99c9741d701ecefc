/**
 * A config -> one server in memory (`mcpsmith serve` with a config): every source loaded (an optional one that
 * fails is left out with a warning), planned by its transforms, composed by the runtime, and listed in the config's
 * mode over the whole catalogue. The serving itself is the CLI's.
 */
import { basename } from "node:path";
import type { ServerModel } from "@mcpsmith/runtime";
import { McpsmithError } from "@mcpsmith/runtime";
import { type ComposedServer, type ComposedSource, catalogueModel, composeServer } from "@mcpsmith/runtime/compose";
import { listedTools } from "@mcpsmith/runtime/internal";
import { estimateToolListTokens } from "../budget/tokens.js";
import { CodegenError } from "../errors.js";
import { DEFAULT_DISCOVERY_THRESHOLD, type ListingMode } from "../ir/listing-modes.js";
import { isRecord } from "./config/checks.js";
import { kindOfSource } from "./config/kinds.js";
import type { ConfigFile } from "./config/read.js";
import type { McpsmithConfig, SourceConfig } from "./config/types.js";
import { planSource } from "./plan.js";
import { type LoadedSource, loadSource } from "./sources/index.js";

export interface ComposeConfigOptions {
  env?: Readonly<Record<string, string | undefined>>;
  /** Whether the server authenticates its callers (a claim binding needs it). */
  authenticated: boolean;
  /** Overrides of the config's own (`serve --mode`, `--threshold`). */
  mode?: ListingMode;
  threshold?: number;
  /** Where warnings go (an optional source that failed, raw SQL left out); default: collected only. */
  warn?: (message: string) => void;
}

/** One source as composed: what `mcpsmith doctor` and `serve` say about it. */
export interface SourceFigures {
  key: string;
  kind: string;
  title: string;
  /** Tools it serves after its transforms. */
  tools: number;
  /** Estimated tokens its tools cost in a tools-mode `tools/list`. */
  toolListTokens: number;
  credentials: LoadedSource["credentials"];
  warnings: string[];
}

export interface Composition {
  config: McpsmithConfig;
  file: string;
  /** What clients are served. */
  model: ServerModel;
  mode: "tools" | "discovery" | "code";
  /** Tools in the whole catalogue (each a tool, or reachable through discovery). */
  operations: number;
  /** Estimated tokens of the `tools/list` clients receive. */
  toolListTokens: number;
  sources: SourceFigures[];
  /** Optional sources left out, with why. */
  skipped: { key: string; reason: string }[];
  /** The config and every local file its sources read: what `mcpsmith dev` watches. */
  files: string[];
  close(): Promise<void>;
}

export async function composeConfig(read: ConfigFile, options: ComposeConfigOptions): Promise<Composition> {
  const { config, dir } = read;
  const env = options.env ?? process.env;
  const warn = options.warn ?? (() => {});
  const entries = Object.entries(config.sources);
  // Loaded side by side: a database's introspection and a large document's parse overlap.
  const outcomes = await Promise.allSettled(
    entries.map(([key, source]) =>
      loadSource(kindOf(source), source, {
        key,
        dir,
        env,
        ...(config.maxNameLength !== undefined && { maxNameLength: config.maxNameLength }),
      }),
    ),
  );
  const loaded: { key: string; config: SourceConfig; source: LoadedSource }[] = [];
  const skipped: Composition["skipped"] = [];
  const failures: unknown[] = [];
  outcomes.forEach((outcome, index) => {
    const [key, source] = entries[index]!;
    if (outcome.status === "fulfilled") loaded.push({ key, config: source, source: outcome.value });
    else if (source.optional === true) {
      const reason = (outcome.reason as Error).message;
      skipped.push({ key, reason });
      warn(`${reason}; it is optional, and left out`);
    } else failures.push(outcome.reason);
  });
  const close = async () => {
    await Promise.allSettled(loaded.map(({ source }) => source.close?.()));
  };
  try {
    if (failures.length > 0) throw failures[0];
    return await finish(read, loaded, skipped, options, env, warn, close);
  } catch (error) {
    await close();
    throw error;
  }
}

async function finish(
  read: ConfigFile,
  loaded: { key: string; config: SourceConfig; source: LoadedSource }[],
  skipped: Composition["skipped"],
  options: ComposeConfigOptions,
  env: Readonly<Record<string, string | undefined>>,
  warn: (message: string) => void,
  close: () => Promise<void>,
): Promise<Composition> {
  const { config, file, dir } = read;
  const composed: ComposedSource[] = loaded.map(({ key, config: source, source: { model, hints, rawSql } }) => {
    const plan = planSource({
      key,
      tools: model.tools.map((tool) => tool.name),
      prefix: source.prefix ?? key,
      transforms: source.tools ?? {},
      rawSql,
      file,
      ...(config.maxNameLength !== undefined && { maxNameLength: config.maxNameLength }),
    });
    for (const warning of plan.warnings) warn(warning);
    return { key, model, prefix: source.prefix ?? key, tools: plan.tools, hints };
  });
  for (const { key, source } of loaded) for (const warning of source.warnings) warn(`source "${key}": ${warning}`);
  const name = config.name ?? basename(dir);
  try {
    const server = composeServer(composed, {
      info: { name, version: config.version ?? "0.1.0", ...(config.title !== undefined && { title: config.title }) },
      ...(config.instructions !== undefined && { instructions: config.instructions }),
      env,
      authenticated: options.authenticated,
    });
    const { model, mode } = await servedModel(server, {
      mode: options.mode ?? config.mode ?? "auto",
      threshold: options.threshold ?? config.threshold ?? DEFAULT_DISCOVERY_THRESHOLD,
      subject: `the ${name} server`,
    });
    const listed = listedTools(model);
    const catalogue = mode === "tools" ? listed : listedTools(server.model);
    const sources = loaded.map(({ key, source }) => {
      const own = catalogue.filter((tool) => server.toolSources.get(tool.name) === key);
      return {
        key,
        kind: source.kind,
        title: source.title,
        tools: own.length,
        toolListTokens: estimateToolListTokens(own),
        credentials: source.credentials,
        warnings: source.warnings,
      };
    });
    return {
      config,
      file,
      model,
      mode,
      operations: server.model.tools.length,
      toolListTokens: estimateToolListTokens(listed),
      sources,
      skipped,
      files: [file, ...loaded.flatMap(({ source }) => source.files)],
      close,
    };
  } catch (error) {
    if (error instanceof McpsmithError && (error.code === "E_COMPOSE_INVALID" || error.code === "E_COMPOSE_CONFLICT")) {
      throw new CodegenError("E_CONFIG_INVALID", `${file}: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

function kindOf(source: SourceConfig) {
  // The config was validated: exactly one kind key is there.
  return kindOfSource(isRecord(source) ? source : {}, "", () => {})!;
}

/** The catalogue as clients get it: tools or discovery (the runtime's modes), or code mode (QuickJS loaded only then). */
async function servedModel(
  server: ComposedServer,
  options: { mode: ListingMode; threshold: number; subject: string },
): Promise<{ model: ServerModel; mode: Composition["mode"] }> {
  if (options.mode !== "code") return catalogueModel(server, { ...options, mode: options.mode });
  const { codeMode } = await import("@mcpsmith/runtime/code-mode");
  const hints = Object.fromEntries(server.hints);
  return { model: codeMode(server.model, { hints, subject: options.subject }), mode: "code" };
}
