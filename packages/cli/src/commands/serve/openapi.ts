import { relative, resolve } from "node:path";
import type { OpenApiIR } from "@mcpsmith/codegen";
import { CodegenError } from "@mcpsmith/codegen";
import { serveOpenApi } from "@mcpsmith/codegen/pipelines/openapi";
import { ForwardCredentialsError, type ForwardCredentialsOptions } from "@mcpsmith/runtime/http";
import { forwardingOf } from "@mcpsmith/runtime/internal";
import type { ParsedArgs } from "../../args/command.js";
import { booleanOption, stringOption } from "../../args/parse.js";
import { CliError } from "../../errors.js";
import { modeOf, sourceOptionsOf } from "../../flags/openapi-options.js";
import { type FlagValues, listFlag, repeatedFlag, wholeNumberFlag } from "../../flags/values.js";
import type { Io } from "../../io.js";
import type { ServedCredential, ServeSummary } from "./summary.js";

/** Reads the document, lowers it to the IR and builds the server the flags ask for. */
export async function buildOpenApiServer(spec: string, args: ParsedArgs, io: Io): Promise<ServeSummary> {
  const { values } = args;
  const mode = modeOf(values, "serve");
  try {
    const threshold = wholeNumberFlag(values, "threshold", "serve");
    const timeoutMs = wholeNumberFlag(values, "timeout", "serve");
    const baseUrl = stringOption(args, "base-url");
    const forwardCredentials = forwardingFlags(values);
    const { ir, build } = await serveOpenApi(resolve(io.cwd, spec), {
      source: sourceOptionsOf(values, "serve"),
      mode,
      ...(threshold !== undefined && { threshold }),
      toolsets: listFlag(values, "toolsets"),
      executor: {
        env: io.env,
        ...(baseUrl !== undefined && { baseUrl }),
        ...(timeoutMs !== undefined && { timeoutMs }),
        serverVariables: serverVariables(values),
        ...(forwardCredentials && { forwardCredentials }),
      },
    });
    return {
      title: `${ir.title} ${ir.version}`,
      build,
      warnings: ir.warnings.map(
        ({ file, pointer, message }) => `${relative(io.cwd, file) || file}#${pointer}: ${message}`,
      ),
      credentials: credentialsOf(ir, forwardCredentials, booleanOption(args, "http", false), io),
    };
  } catch (error) {
    throw asCliError(error);
  }
}

/**
 * Each credential variable, set or not, and over HTTP the header it is forwarded from: flags or
 * MCPSMITH_FORWARD_CREDENTIALS, read by the executor's own rule (over stdio there is no caller header to forward).
 */
function credentialsOf(
  ir: OpenApiIR,
  options: ForwardCredentialsOptions | undefined,
  http: boolean,
  io: Io,
): ServedCredential[] {
  const forwarding = http ? forwardingOf(ir.api, options, io.env) : undefined;
  return ir.credentials.map(({ env, scheme }) => {
    const header = forwarding?.headers.get(scheme);
    return {
      env,
      scheme,
      set: Boolean(io.env[env]),
      ...(header !== undefined && { forwarded: { header, fallback: forwarding!.fallbackToEnv } }),
    };
  });
}

function serverVariables(values: FlagValues): Record<string, string> {
  // Not split on commas: a value may contain one.
  const entries = repeatedFlag(values, "server-variable").map((pair) => {
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

/** `--forward-credential SCHEME[=HEADER]` (repeatable, or comma-separated: a header name holds no comma) and `--forward-credential-fallback`; undefined when not given. */
function forwardingFlags(values: FlagValues): ForwardCredentialsOptions | undefined {
  const given = listFlag(values, "forward-credential");
  if (given.length === 0) {
    if (values["forward-credential-fallback"] === true) {
      throw new CliError("E_USAGE", "--forward-credential-fallback needs --forward-credential.", {
        hint: "For example `--forward-credential api_key --forward-credential-fallback`.",
      });
    }
    return undefined;
  }
  const schemes: Record<string, string | true> = {};
  for (const item of given) {
    const split = item.indexOf("=");
    if (split === 0) {
      throw new CliError("E_USAGE", `--forward-credential takes SCHEME or SCHEME=HEADER, got "${item}".`, {
        hint: "For example `--forward-credential api_key=X-Upstream-Key`.",
      });
    }
    if (split < 0) schemes[item] = true;
    else schemes[item.slice(0, split)] = item.slice(split + 1);
  }
  return { schemes, fallbackToEnv: values["forward-credential-fallback"] === true };
}

/** The generator's errors are the user's to fix (exit 1); the message already lists every problem with its pointer. */
function asCliError(error: unknown): unknown {
  if (error instanceof ForwardCredentialsError) {
    return new CliError("E_USAGE", error.message, {
      hint: "Fix --forward-credential (or MCPSMITH_FORWARD_CREDENTIALS); nothing was served.",
      cause: error,
    });
  }
  if (!(error instanceof CodegenError)) return error;
  return new CliError("E_GENERATE_FAILED", `${error.code}: ${error.message}`, {
    hint: "Fix the document (or the options) and run again; nothing was served.",
    cause: error,
  });
}
