import { resolve } from "node:path";
import { openRemoteSource, type RemoteTarget } from "@mcpsmith/runtime/compose";
import { CodegenError } from "../../errors.js";
import type { McpSourceConfig, TextOrEnv } from "../config/types.js";
import type { LoadedSource, SourceContext } from "./types.js";

/**
 * A remote MCP server (stdio or Streamable HTTP, either era), reached with the official client: its tools,
 * resources and prompts are served by forwarding each call to it. Header and environment values written
 * `{ "env": "VAR" }` are read now; an unset one stops start-up naming it, so a remote is never called without the
 * credential it was given.
 */
export async function loadMcpSource(config: McpSourceConfig, context: SourceContext): Promise<LoadedSource> {
  const credentials: LoadedSource["credentials"] = [];
  const read = (values: Readonly<Record<string, TextOrEnv>> | undefined, what: string) => {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(values ?? {})) {
      if (typeof value === "string") {
        out[name] = value;
        continue;
      }
      const text = context.env[value.env];
      credentials.push({ env: value.env, scheme: `${what} ${name}`, set: text !== undefined && text !== "" });
      if (text === undefined || text === "") {
        throw new CodegenError(
          "E_CONFIG_INVALID",
          `the environment variable ${value.env} (for the ${what} ${name}) is not set`,
        );
      }
      out[name] = text;
    }
    return out;
  };
  const remote = config.mcp;
  const target: RemoteTarget =
    "url" in remote
      ? { url: remote.url, headers: read(remote.headers, "header") }
      : {
          command: remote.command,
          args: remote.args ?? [],
          env: read(remote.env, "variable"),
          cwd: resolve(context.dir, remote.cwd ?? "."),
        };
  const source = await openRemoteSource({
    key: context.key,
    target,
    ...(config.timeout !== undefined && { timeout: config.timeout }),
  });
  return {
    kind: "mcp",
    title: source.title,
    model: source.model,
    hints: {},
    warnings: [],
    credentials,
    files: [],
    rawSql: [],
    close: () => source.close(),
    onChange: (listener) => source.onChange(listener),
    onResourceUpdated: (listener) => source.onResourceUpdated(listener),
    ir: { kind: "mcp" },
  };
}
