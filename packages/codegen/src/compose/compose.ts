/**
 * A config -> one server in memory (`mcpsmith serve` with a config): every source loaded (an optional one that
 * fails is left out with a warning), planned by its transforms, composed by the runtime, and listed in the config's
 * mode over the whole catalogue. The serving itself is the CLI's.
 */
import type { ServerModel } from "@mcpsmith/runtime";
import { type ComposedServer, catalogueModel, composeServer, prefixedUri } from "@mcpsmith/runtime/compose";
import { listedTools } from "@mcpsmith/runtime/internal";
import { McpsmithError } from "@mcpsmith/runtime/lean";
import { estimateToolListTokens } from "../budget/tokens.js";
import { CodegenError } from "../errors.js";
import { DEFAULT_DISCOVERY_THRESHOLD, type ListingMode } from "../ir/listing-modes.js";
import type { ConfigFile } from "./config/read.js";
import type { McpsmithConfig } from "./config/types.js";
import { configServerInfo, type LoadedEntry, loadConfigSources, plannedSources } from "./load-sources.js";
import type { LoadedSource } from "./sources/index.js";

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
  /**
   * Called with the whole served model again when a source's lists changed while serving (a remote MCP server's):
   * planned, composed and listed in the mode as at start-up (a tool it dropped is no longer served; a transform
   * naming it waits for it, with a warning). A change the config cannot apply (a bound argument its tool no longer
   * takes) is a warning, and the model served until then stays.
   */
  onChange(listener: (model: ServerModel) => void): void;
  /** Called with the served URI (the source's prefix in it) when a source's resource changed. */
  onResourceUpdated(listener: (uri: string) => void): void;
  close(): Promise<void>;
}

export async function composeConfig(read: ConfigFile, options: ComposeConfigOptions): Promise<Composition> {
  const env = options.env ?? process.env;
  const warn = options.warn ?? (() => {});
  const { loaded, skipped, close } = await loadConfigSources(read, env, warn);
  try {
    return await serveComposition(read, loaded, skipped, options, env, warn, close);
  } catch (error) {
    await close();
    throw error;
  }
}

async function serveComposition(
  read: ConfigFile,
  loaded: LoadedEntry[],
  skipped: Composition["skipped"],
  options: ComposeConfigOptions,
  env: Readonly<Record<string, string | undefined>>,
  warn: (message: string) => void,
  close: () => Promise<void>,
): Promise<Composition> {
  const { config, file } = read;
  const info = configServerInfo(read);
  const compose = async () => {
    const server = composeServer(plannedSources(read, loaded, warn), {
      info,
      ...(config.instructions !== undefined && { instructions: config.instructions }),
      env,
      authenticated: options.authenticated,
    });
    const served = await servedModel(server, {
      mode: options.mode ?? config.mode ?? "auto",
      threshold: options.threshold ?? config.threshold ?? DEFAULT_DISCOVERY_THRESHOLD,
      subject: `the ${info.name} server`,
    });
    return { server, ...served };
  };
  let listener: ((model: ServerModel) => void) | undefined;
  let updated: ((uri: string) => void) | undefined;
  for (const entry of loaded) {
    const prefix = entry.config.prefix ?? entry.key;
    entry.source.onResourceUpdated?.((uri) => updated?.(prefixedUri(prefix, uri)));
    entry.source.onChange?.((model) => {
      entry.source = { ...entry.source, model };
      compose().then(
        (next) => listener?.(next.model),
        (error: unknown) =>
          warn(
            `source "${entry.key}" changed, and no longer fits ${file}: ${(error as Error).message}; its previous tools are served`,
          ),
      );
    });
  }
  try {
    const { server, model, mode } = await compose();
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
      onChange: (given) => {
        listener = given;
      },
      onResourceUpdated: (given) => {
        updated = given;
      },
      close,
    };
  } catch (error) {
    throw configFailureOf(error, file);
  }
}

/** The runtime's refusal of a plan, said of the config file (its message names the key or the sources). */
export function configFailureOf(error: unknown, file: string): unknown {
  if (error instanceof McpsmithError && (error.code === "E_COMPOSE_INVALID" || error.code === "E_COMPOSE_CONFLICT")) {
    return new CodegenError("E_CONFIG_INVALID", `${file}: ${error.message}`, { cause: error });
  }
  return error;
}

/** The catalogue as clients get it: tools or discovery (the runtime's modes), or code mode (QuickJS loaded only then). */
export async function servedModel(
  server: ComposedServer,
  options: { mode: ListingMode; threshold: number; subject: string },
): Promise<{ model: ServerModel; mode: Composition["mode"] }> {
  if (options.mode !== "code") return catalogueModel(server, { ...options, mode: options.mode });
  const { codeMode } = await import("@mcpsmith/runtime/code-mode");
  const hints = Object.fromEntries(server.hints);
  return { model: codeMode(server.model, { hints, subject: options.subject }), mode: "code" };
}
