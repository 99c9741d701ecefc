/** Command line of both bench servers: `--transport http|stdio --tools N [--middleware N]`. */
export interface ServerArgs {
  transport: "http" | "stdio";
  /** Total tools registered: `echo` plus `tools - 1` fillers of the same shape. */
  tools: number;
  /** mcpsmith only: middleware that pass everything on (http, request and tool hooks), to price the chain. */
  middleware: number;
}

export function parseServerArgs(argv: readonly string[]): ServerArgs {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const transport = value("--transport") ?? "stdio";
  if (transport !== "http" && transport !== "stdio") throw new Error(`--transport must be http or stdio`);
  const tools = Number(value("--tools") ?? 1);
  if (!Number.isSafeInteger(tools) || tools < 1) throw new Error(`--tools must be a positive whole number`);
  const middleware = Number(value("--middleware") ?? 0);
  if (!Number.isSafeInteger(middleware) || middleware < 0) throw new Error(`--middleware must be a whole number`);
  return { transport, tools, middleware };
}

/** An HTTP server tells the bench where it listens over the IPC channel the bench opened. */
export function announce(url: string): void {
  if (process.send) process.send({ url });
  else process.stderr.write(`listening on ${url}\n`);
}
