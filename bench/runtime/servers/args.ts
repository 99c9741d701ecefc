/** Command line of both bench servers: `--transport http|stdio --tools N`. */
export interface ServerArgs {
  transport: "http" | "stdio";
  /** Total tools registered: `echo` plus `tools - 1` fillers of the same shape. */
  tools: number;
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
  return { transport, tools };
}

/** An HTTP server tells the bench where it listens over the IPC channel the bench opened. */
export function announce(url: string): void {
  if (process.send) process.send({ url });
  else process.stderr.write(`listening on ${url}\n`);
}
