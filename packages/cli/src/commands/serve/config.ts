import { resolve } from "node:path";
import type { Composition } from "@mcpsmith/codegen/compose";
import type { ConfigFile } from "@mcpsmith/codegen/config";
import type { ParsedArgs } from "../../args/command.js";
import { booleanOption } from "../../args/parse.js";
import { configFailure } from "../../config/errors.js";
import { CliError } from "../../errors.js";
import { authFromSettings, authSettingsOf } from "../../flags/auth-flags.js";
import { modeOf } from "../../flags/openapi-options.js";
import { wholeNumberFlag } from "../../flags/values.js";
import { styleFor } from "../../format/style.js";
import type { Io } from "../../io.js";
import { type HttpServing, listeningUrl, portNumber, serveUntilStopped } from "./run.js";
import { printComposition } from "./summary.js";

/**
 * `mcpsmith serve` with `mcpsmith.config.*`: the sources composed into one server, served over stdio or HTTP. The
 * serving options come from the config's `serve` and the command line, a flag winning over the config.
 */
export async function serveConfig(
  file: string,
  args: ParsedArgs,
  io: Io,
  portText: string | undefined,
): Promise<number> {
  const { readConfig } = await import("@mcpsmith/codegen/config");
  const { composeConfig } = await import("@mcpsmith/codegen/compose");
  let read: ConfigFile;
  try {
    read = await readConfig(file, io.cwd);
  } catch (error) {
    throw configFailure(error);
  }
  const http = await httpServing(read, args, io, portText);
  const redis = read.config.serve?.redis;
  if (redis !== undefined && !io.env.MCPSMITH_REDIS_URL) {
    // serve() reads it: the config stands in for the environment, which wins when it says otherwise.
    const url = typeof redis === "string" ? redis : io.env[redis.env];
    if (url) process.env.MCPSMITH_REDIS_URL = url;
  }
  const style = styleFor(io.stderr, io.env);
  let composition: Composition;
  try {
    composition = await composeConfig(read, {
      env: io.env,
      authenticated: http?.auth !== undefined,
      ...(args.values.mode !== undefined && { mode: modeOf(args.values, "serve") }),
      ...(args.values.threshold !== undefined && { threshold: wholeNumberFlag(args.values, "threshold", "serve")! }),
      warn: (message) => io.stderr.write(`${style.yellow("warning")} ${message}\n`),
    });
  } catch (error) {
    throw configFailure(error);
  }
  printComposition(composition, io);
  try {
    // A remote source's lists changed: the running server serves the catalogue composed again.
    // A remote source's lists changed, or one of its resources: the running server serves the catalogue composed
    // again, and tells its clients.
    await serveUntilStopped(composition.model, http, {}, (handle) => {
      composition.onChange((model) => handle.server.replace(model));
      composition.onResourceUpdated((uri) => handle.notify.resourceUpdated(uri));
    });
  } finally {
    await composition.close();
  }
  return 0;
}

async function httpServing(
  read: ConfigFile,
  args: ParsedArgs,
  io: Io,
  portText: string | undefined,
): Promise<HttpServing | undefined> {
  const configured = read.config.serve?.http;
  const stdio = booleanOption(args, "stdio", false);
  if (stdio && booleanOption(args, "http", false)) {
    throw new CliError("E_USAGE", "Give --http or --stdio, not both.", { hint: "Leave one out." });
  }
  const http = !stdio && (booleanOption(args, "http", false) || (configured !== undefined && configured !== false));
  const fromConfig = typeof configured === "object" ? configured : {};
  const port = portText !== undefined ? portNumber(portText) : fromConfig.port;
  const host = fromConfig.host;
  const flags = authSettingsOf(args);
  const given = Object.values(flags).some(
    (value) => value !== undefined && (!Array.isArray(value) || value.length > 0),
  );
  const settings = given ? flags : configAuth(read);
  const auth = await authFromSettings(settings, http, listeningUrl(port, io, host));
  if (!http) return undefined;
  return { port, host, auth };
}

/** `serve.auth`, its key file read from the config's folder. */
function configAuth(read: ConfigFile) {
  const auth = read.config.serve?.auth ?? {};
  return { ...auth, ...(auth.apiKeys !== undefined && { apiKeys: resolve(read.dir, auth.apiKeys) }) };
}
