import { resolve } from "node:path";
import type { OptionSpec, ParsedArgs } from "../args/command.js";
import { stringOption } from "../args/parse.js";
import { configFailure } from "../config/errors.js";

/** `--config FILE`: the commands that serve, list or generate a composed server (docs/compose.md). */
export const CONFIG_FLAG: Record<string, OptionSpec> = {
  config: {
    type: "string",
    value: "FILE",
    description: "mcpsmith.config.{ts,mjs,json,yaml} to use (default: the one in the current folder)",
  },
};

/**
 * The config the command uses: `--config`, else `mcpsmith.config.*` in the current folder when `implicit` allows
 * it (the command was given nothing else to act on), else undefined. Only then is the config module loaded.
 */
export async function configFileOf(args: ParsedArgs, cwd: string, implicit: boolean): Promise<string | undefined> {
  const given = stringOption(args, "config");
  if (given !== undefined) return resolve(cwd, given);
  if (!implicit) return undefined;
  const { findConfig } = await import("@mcpsmith/codegen/config");
  try {
    return findConfig(cwd);
  } catch (error) {
    throw configFailure(error);
  }
}
