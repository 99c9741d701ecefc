import type { OptionSpec } from "../args/command.js";
import { CliError } from "../errors.js";

/** The options of every command that talks to a server. */
export const CONNECTION_OPTIONS: Record<string, OptionSpec> = {
  url: { type: "string", value: "URL", description: "Connect to a Streamable HTTP endpoint instead of a process" },
  era: {
    type: "string",
    value: "ERA",
    description: "Protocol era: auto (probe, then fall back; default), legacy (2025-11-25), 2026-07-28",
  },
  timeout: { type: "string", value: "MS", description: "Give up on a request after MS milliseconds (default 60000)" },
};

export const DEFAULT_TIMEOUT_MS = 60_000;

export function timeoutOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) {
    throw new CliError("E_USAGE", `--timeout must be a positive number of milliseconds, got "${value}".`, {
      hint: "For example --timeout 10000 for ten seconds.",
    });
  }
  return ms;
}
