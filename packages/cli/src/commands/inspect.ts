import { spawn } from "node:child_process";
import type { CommandDefinition, ParsedArgs } from "../args/command.js";
import { booleanOption, stringOption } from "../args/parse.js";
import { targetOf } from "../client/connection-options.js";
import type { Target } from "../client/target.js";
import { CliError } from "../errors.js";
import { CONFIG_FLAG } from "../flags/config-flag.js";
import type { Io } from "../io.js";

/** The Inspector release this CLI is tested with; `--inspector VERSION` picks another. */
export const INSPECTOR_VERSION = "2.12.0";
/** The Inspector needs Node >= 22.19; older Node gets node@22 from npx alongside it. */
const INSPECTOR_MIN_NODE = 22;

export const command: CommandDefinition = {
  usage: ["inspect [target] [options]", "inspect [options] -- <command> [args...]", "inspect --url URL [options]"],
  details: [
    "Runs @modelcontextprotocol/inspector through npx, with the server's command line filled in: the current",
    "project (its package.json main or bin) unless a target is given. The Inspector needs Node 22; with an older",
    "Node, npx fetches node@22 for it (`npx -y -p node@22 -p @modelcontextprotocol/inspector -- mcp-inspector`).",
    "Without --cli it starts the web UI and prints its address; Ctrl-C stops it. With --cli it runs one method",
    "and prints the JSON result, for scripts and CI. The Inspector keeps its state under $HOME/.mcp-inspector.",
  ].join("\n"),
  options: {
    ...CONFIG_FLAG,
    url: { type: "string", value: "URL", description: "Inspect a running Streamable HTTP endpoint" },
    cli: { type: "boolean", description: "Run the Inspector's CLI instead of the web UI (needs --method)" },
    method: {
      type: "string",
      value: "METHOD",
      description: "With --cli: tools/list, tools/call, resources/list, resources/read, prompts/list, prompts/get ...",
    },
    "tool-name": { type: "string", value: "NAME", description: "With --cli --method tools/call: the tool" },
    "tool-arg": { type: "string", value: "KEY=VALUE", multiple: true, description: "A tool argument (repeatable)" },
    uri: { type: "string", value: "URI", description: "With --cli --method resources/read: the resource" },
    "prompt-name": { type: "string", value: "NAME", description: "With --cli --method prompts/get: the prompt" },
    "prompt-arg": { type: "string", value: "KEY=VALUE", multiple: true, description: "A prompt argument (repeatable)" },
    era: {
      type: "string",
      value: "ERA",
      description: "Protocol era the Inspector speaks: auto, legacy or modern (the Inspector's default: legacy)",
    },
    inspector: {
      type: "string",
      value: "VERSION",
      description: `Inspector version or npm tag (default ${INSPECTOR_VERSION}, the one this CLI is tested with)`,
    },
  },
  examples: [
    "mcpsmith inspect",
    "mcpsmith inspect dist/main.js",
    "mcpsmith inspect --url http://127.0.0.1:3000/mcp",
    "# non-interactive, for scripts and CI",
    "mcpsmith inspect --cli --method tools/list",
    "mcpsmith inspect --cli --method tools/call --tool-name greet --tool-arg name=Ada -- node dist/main.js",
  ],
  run: (args, io) => inspect(args, io),
};

async function inspect(args: ParsedArgs, io: Io): Promise<number> {
  if (args.positionals.length > 1) {
    throw new CliError("E_USAGE", `inspect takes one server, got: ${args.positionals.join(" ")}`, {
      hint: "Put a server's command line after `--`, e.g. `mcpsmith inspect -- node dist/main.js`.",
    });
  }
  const cli = booleanOption(args, "cli", false);
  const cliOnly = ["method", "tool-name", "tool-arg", "uri", "prompt-name", "prompt-arg"].filter(
    (name) => args.values[name] !== undefined,
  );
  if (!cli && cliOnly.length > 0) {
    throw new CliError("E_USAGE", `--${cliOnly[0]} only applies with --cli.`, {
      hint: "Add --cli, e.g. `mcpsmith inspect --cli --method tools/list`.",
    });
  }
  if (cli && stringOption(args, "method") === undefined) {
    throw new CliError("E_USAGE", "--cli needs a method to run.", {
      hint: "For example `mcpsmith inspect --cli --method tools/list`.",
    });
  }
  const era = stringOption(args, "era");
  if (era !== undefined && !["auto", "legacy", "modern"].includes(era)) {
    throw new CliError("E_USAGE", `--era must be auto, legacy or modern; got "${era}".`, {
      hint: "modern is the 2026-07-28 revision; legacy the 2025 initialize handshake.",
    });
  }
  const target = await targetOf(args, args.positionals[0], io, "inspect");
  const npxArgs = inspectorCommand({
    target,
    cli,
    nodeMajor: Number(process.versions.node.split(".")[0]),
    version: stringOption(args, "inspector") ?? INSPECTOR_VERSION,
    passthrough: passthroughOptions(args, era),
  });
  io.stderr.write(`Starting the MCP Inspector on ${target.label}\n  npx ${npxArgs.join(" ")}\n`);
  return await runInspector(npxArgs, io, cli);
}

/** The Inspector's own flags, from ours. */
function passthroughOptions(args: ParsedArgs, era: string | undefined): string[] {
  const out: string[] = [];
  const single = (ours: string, theirs: string) => {
    const value = stringOption(args, ours);
    if (value !== undefined) out.push(theirs, value);
  };
  single("method", "--method");
  single("tool-name", "--tool-name");
  single("uri", "--uri");
  single("prompt-name", "--prompt-name");
  const many = (ours: string, theirs: string) => {
    const values = args.values[ours];
    if (Array.isArray(values) && values.length > 0) out.push(theirs, ...values);
  };
  many("tool-arg", "--tool-arg");
  many("prompt-arg", "--prompt-args");
  if (era !== undefined) out.push("--protocol-era", era);
  return out;
}

/** `npx` arguments that run the Inspector on the target. */
export function inspectorCommand(options: {
  target: Target;
  cli: boolean;
  nodeMajor: number;
  version: string;
  passthrough: string[];
}): string[] {
  const node = options.nodeMajor < INSPECTOR_MIN_NODE ? ["-p", "node@22"] : [];
  const head = ["-y", ...node, "-p", `@modelcontextprotocol/inspector@${options.version}`, "--", "mcp-inspector"];
  const mode = options.cli ? "--cli" : "--web";
  const { target } = options;
  const server =
    target.kind === "http"
      ? ["--transport", "http", "--server-url", target.url.href]
      : ["--cwd", target.cwd, "--", target.command, ...target.args];
  return [...head, mode, ...options.passthrough, ...server];
}

function runInspector(npxArgs: string[], io: Io, cli: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.platform === "win32" ? "npx.cmd" : "npx", npxArgs, {
      cwd: io.cwd,
      // npm's engine warnings about its own node@22 download are noise here; errors still show.
      env: { npm_config_loglevel: "error", npm_config_update_notifier: "false", ...io.env } as NodeJS.ProcessEnv,
      // The web UI may ask on the terminal (npx's install prompt is skipped with -y); the CLI never reads stdin.
      stdio: [cli ? "ignore" : "inherit", "pipe", "pipe"],
      shell: process.platform === "win32",
    });
    child.stdout.on("data", (chunk: Buffer) => io.stdout.write(chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => io.stderr.write(chunk.toString("utf8")));
    // Ctrl-C reaches the Inspector too (same process group): we only wait for it to finish. A SIGTERM sent to us
    // alone is passed on, so the Inspector and the server it started never outlive us.
    const ignore = () => {};
    const forward = () => child.kill("SIGTERM");
    process.on("SIGINT", ignore);
    process.on("SIGTERM", forward);
    child.once("error", (error) => {
      process.off("SIGINT", ignore);
      process.off("SIGTERM", forward);
      reject(
        new CliError("E_SERVER_START", `Could not run npx to start the Inspector: ${error.message}`, {
          hint: "Install Node.js with npm (npx comes with it), or run @modelcontextprotocol/inspector yourself.",
          cause: error,
        }),
      );
    });
    child.once("close", (code, signal) => {
      process.off("SIGINT", ignore);
      process.off("SIGTERM", forward);
      if (signal === "SIGINT" || code === 130) return resolve(0);
      resolve(code === 0 ? 0 : 1);
    });
  });
}
