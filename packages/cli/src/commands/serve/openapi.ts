import { relative, resolve } from "node:path";
import { CodegenError } from "@mcpsmith/codegen";
import type { LiveBuild, LiveMode } from "@mcpsmith/codegen/live";
import type { OpenApiSourceOptions, OperationFilter } from "@mcpsmith/codegen/openapi";
import type { OptionSpec, ParsedArgs } from "../../args/command.js";
import { booleanOption, choiceOption, stringOption } from "../../args/parse.js";
import { CliError } from "../../errors.js";
import type { Io } from "../../io.js";

/** The flags of `serve openapi` that shape the tools (the source's selection) and the requests (the executor's). */
export const OPENAPI_OPTIONS: Record<string, OptionSpec> = {
  "base-url": { type: "string", value: "URL", description: "Send requests here instead of the document's server" },
  "server-variable": {
    type: "string",
    value: "NAME=VALUE",
    multiple: true,
    description: "A value for a {variable} in the document's server URL",
  },
  timeout: { type: "string", value: "MS", description: "Per-request timeout in milliseconds (default 30000)" },
  tags: { type: "string", value: "LIST", multiple: true, description: "Only operations with these tags" },
  "exclude-tags": {
    type: "string",
    value: "LIST",
    multiple: true,
    description: "Leave out operations with these tags",
  },
  paths: { type: "string", value: "GLOBS", multiple: true, description: "Only paths matching these globs (/pets/**)" },
  "exclude-paths": {
    type: "string",
    value: "GLOBS",
    multiple: true,
    description: "Leave out paths matching these globs",
  },
  methods: { type: "string", value: "LIST", multiple: true, description: "Only these HTTP methods (GET,POST)" },
  "exclude-methods": { type: "string", value: "LIST", multiple: true, description: "Leave out these HTTP methods" },
  operations: { type: "string", value: "LIST", multiple: true, description: "Only these operationIds" },
  "exclude-operations": { type: "string", value: "LIST", multiple: true, description: "Leave out these operationIds" },
  "include-deprecated": { type: "boolean", description: "Serve deprecated operations too (skipped by default)" },
  "max-name-length": {
    type: "string",
    value: "N",
    description: "Longest tool name (default 64), leaving room for host prefixes",
  },
  "output-schema": {
    type: "boolean",
    negatable: true,
    description: "Leave out outputSchema (from 2xx response schemas), for specs whose answers break them",
  },
  "env-prefix": {
    type: "string",
    value: "NAME",
    description: "The API part of credential variable names (default from the title, e.g. PETSTORE)",
  },
  "all-warnings": { type: "boolean", description: "Print every warning of the document (the first 20 otherwise)" },
};

export interface ServeSummary {
  title: string;
  build: LiveBuild;
  /** `file#pointer: message`, ready to print. */
  warnings: string[];
  credentials: { env: string; scheme: string; set: boolean }[];
}

/** Reads the document, lowers it to the IR and builds the live server the flags ask for. */
export async function buildOpenApiServer(spec: string, args: ParsedArgs, io: Io): Promise<ServeSummary> {
  const [{ loadOpenApi }, { liveServerFromIR, LIVE_MODES }] = await Promise.all([
    import("@mcpsmith/codegen/openapi"),
    import("@mcpsmith/codegen/live"),
  ]);
  const mode = choiceOption<LiveMode>(args, "mode", LIVE_MODES, "auto", "serve");
  try {
    const ir = await loadOpenApi(resolve(io.cwd, spec), sourceOptions(args));
    const threshold = wholeNumber(args, "threshold");
    const timeoutMs = wholeNumber(args, "timeout");
    const baseUrl = stringOption(args, "base-url");
    const build = liveServerFromIR(ir, {
      mode,
      ...(threshold !== undefined && { threshold }),
      toolsets: listOption(args, "toolsets"),
      executor: {
        env: io.env,
        ...(baseUrl !== undefined && { baseUrl }),
        ...(timeoutMs !== undefined && { timeoutMs }),
        serverVariables: serverVariables(args),
      },
    });
    return {
      title: `${ir.title} ${ir.version}`,
      build,
      warnings: ir.warnings.map(
        ({ file, pointer, message }) => `${relative(io.cwd, file) || file}#${pointer}: ${message}`,
      ),
      credentials: ir.credentials.map(({ env, scheme }) => ({ env, scheme, set: Boolean(io.env[env]) })),
    };
  } catch (error) {
    throw asCliError(error);
  }
}

/** The source's selection and naming options; a filter is given only when its flag is, since an empty one matches nothing. */
function sourceOptions(args: ParsedArgs): OpenApiSourceOptions {
  const maxNameLength = wholeNumber(args, "max-name-length");
  const envPrefix = stringOption(args, "env-prefix");
  const include = filter(args, { tags: "tags", paths: "paths", methods: "methods", operationIds: "operations" });
  const exclude = filter(args, {
    tags: "exclude-tags",
    paths: "exclude-paths",
    methods: "exclude-methods",
    operationIds: "exclude-operations",
  });
  return {
    ...(include && { include }),
    ...(exclude && { exclude }),
    includeDeprecated: booleanOption(args, "include-deprecated", false),
    outputSchema: booleanOption(args, "output-schema", true),
    ...(maxNameLength !== undefined && { maxNameLength }),
    ...(envPrefix !== undefined && { envPrefix }),
  };
}

function filter(args: ParsedArgs, flags: Record<keyof OperationFilter, string>): OperationFilter | undefined {
  const entries = Object.entries(flags)
    .map(([key, flag]) => [key, listOption(args, flag)] as const)
    .filter(([, values]) => values.length > 0);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** `--tags a,b --tags c` -> `["a", "b", "c"]`. */
function listOption(args: ParsedArgs, name: string): string[] {
  return repeated(args, name)
    .flatMap((item) => item.split(","))
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

function repeated(args: ParsedArgs, name: string): string[] {
  const value = args.values[name];
  return Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
}

function wholeNumber(args: ParsedArgs, name: string): number | undefined {
  const text = stringOption(args, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value)) {
    throw new CliError("E_USAGE", `--${name} takes a whole number, got "${text}".`, {
      hint: "Run `mcpsmith serve --help` for each option's meaning.",
    });
  }
  return value;
}

function serverVariables(args: ParsedArgs): Record<string, string> {
  // Not split on commas: a value may contain one.
  const entries = repeated(args, "server-variable").map((pair) => {
    const split = pair.indexOf("=");
    if (split <= 0) {
      throw new CliError("E_USAGE", `--server-variable takes NAME=VALUE, got "${pair}".`, {
        hint: "For example `--server-variable site=datadoghq.eu`.",
      });
    }
    return [pair.slice(0, split), pair.slice(split + 1)] as const;
  });
  return Object.fromEntries(entries);
}

/** The generator's errors are the user's to fix (exit 1); the message already lists every problem with its pointer. */
function asCliError(error: unknown): unknown {
  if (!(error instanceof CodegenError)) return error;
  return new CliError("E_GENERATE_FAILED", `${error.code}: ${error.message}`, {
    hint: "Fix the document (or the options) and run again; nothing was served.",
    cause: error,
  });
}
