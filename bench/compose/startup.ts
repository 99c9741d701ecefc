/**
 * Start-up as a host sees it: a server command spawned over stdio, the 2025-11-25 handshake and one `tools/list`.
 * The time from spawn to the answer, the server's CPU time and its peak resident memory until then (`VmHWM`,
 * Linux only), then the server is stopped.
 */
import { spawn } from "node:child_process";
import { cpuMsOf, peakRssOf } from "../runtime/proc.js";

export interface Startup {
  firstListMs: number;
  cpuMs: number | undefined;
  peakRssBytes: number | undefined;
  tools: number;
}

export function startup(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Startup> {
  const started = performance.now();
  const server = spawn(process.execPath, args, { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  server.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const send = (message: object) => server.stdin.write(`${JSON.stringify(message)}\n`);
  return new Promise((resolve, reject) => {
    server.once("exit", (code) => reject(new Error(`${args.join(" ")} exited (code ${code}):\n${stderr}`)));
    let pending = "";
    server.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      pending += chunk;
      for (let end = pending.indexOf("\n"); end >= 0; end = pending.indexOf("\n")) {
        const message = JSON.parse(pending.slice(0, end)) as { id?: number; result?: { tools?: unknown[] } };
        pending = pending.slice(end + 1);
        if (message.id === 1) {
          send({ jsonrpc: "2.0", method: "notifications/initialized" });
          send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
        } else if (message.id === 2) {
          const run: Startup = {
            firstListMs: performance.now() - started,
            cpuMs: cpuMsOf(server.pid),
            peakRssBytes: peakRssOf(server.pid!),
            tools: message.result?.tools?.length ?? 0,
          };
          server.removeAllListeners("exit");
          server.once("exit", () => resolve(run));
          server.kill();
        }
      }
    });
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "mcpsmith-bench", version: "0" } },
    });
  });
}
