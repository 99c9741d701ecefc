import { openRemoteSource, type RemoteTarget, remoteTarget } from "@mcpsmith/runtime/compose";
import { CodegenError } from "../../errors.js";
import type { McpSourceConfig } from "../config/types.js";
import type { LoadedSource, SourceContext } from "./types.js";

/**
 * A remote MCP server (stdio or Streamable HTTP, either era), reached with the official client: its tools,
 * resources and prompts are served by forwarding each call to it. Header and environment values written
 * `{ "env": "VAR" }` are read now; an unset one stops start-up naming it, so a remote is never called without the
 * credential it was given.
 */
export async function loadMcpSource(config: McpSourceConfig, context: SourceContext): Promise<LoadedSource> {
  const remote = config.mcp;
  const values = "url" in remote ? { header: remote.headers } : { variable: remote.env };
  const credentials: LoadedSource["credentials"] = Object.entries(values).flatMap(([what, given]) =>
    Object.entries(given ?? {}).flatMap(([name, value]) => {
      if (typeof value === "string") return [];
      const text = context.env[value.env];
      return [{ env: value.env, scheme: `${what} ${name}`, set: text !== undefined && text !== "" }];
    }),
  );
  let target: RemoteTarget;
  try {
    target = remoteTarget(remote, { env: context.env, dir: context.dir });
  } catch (error) {
    throw new CodegenError("E_CONFIG_INVALID", (error as Error).message, { cause: error });
  }
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
