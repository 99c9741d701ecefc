/**
 * Start-up as a host sees it: `mcpsmith serve openapi SPEC --mode MODE`, or a generated project's built entry
 * (`node PROJECT/dist/main.js --mode MODE`), spawned over stdio, then the 2025-11-25 handshake and one `tools/list`.
 * Measures the time from spawn to the answer (its first page) and the server's peak resident memory until then
 * (`VmHWM` of /proc/PID/status, Linux only), then stops the server.
 *
 *   node bench/dist/openapi/startup-worker.js SPEC tools|discovery           # prints a StartupRun as JSON
 *   node bench/dist/openapi/startup-worker.js SPEC tools|discovery PROJECT   # the generated project in PROJECT
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { peakRssOf } from "../runtime/proc.js";

export interface StartupRun {
  /** From spawn to the first tools/list answer read whole. */
  firstListMs: number;
  /** The server's peak resident memory when it had answered; undefined where /proc is not there. */
  peakRssBytes?: number;
  /** Tools in the first page. */
  tools: number;
}

const [spec, mode, project] = process.argv.slice(2);
if (!spec || (mode !== "tools" && mode !== "discovery")) {
  process.stderr.write("usage: startup-worker.js SPEC tools|discovery [PROJECT]\n");
  process.exit(2);
}
const cli = fileURLToPath(new URL("../../../packages/cli/dist/bin.js", import.meta.url));
const started = performance.now();
const args =
  project === undefined
    ? [cli, "serve", "openapi", spec, "--mode", mode]
    : [join(project, "dist", "main.js"), "--mode", mode];
const server = spawn(process.execPath, args, {
  stdio: ["pipe", "pipe", "ignore"],
});
const send = (message: object) => server.stdin.write(`${JSON.stringify(message)}\n`);

function answered(message: { id?: number; result?: { tools?: unknown[] } }): void {
  if (message.id === 1) {
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
  } else if (message.id === 2) {
    const run: StartupRun = {
      firstListMs: Math.round(performance.now() - started),
      peakRssBytes: peakRssOf(server.pid!),
      tools: message.result?.tools?.length ?? 0,
    };
    process.stdout.write(JSON.stringify(run));
    server.kill();
  }
}

// Lines are joined from chunks without rescanning what came before: a tools/list answer can be megabytes.
let pending: Buffer[] = [];
server.stdout.on("data", (chunk: Buffer) => {
  let rest = chunk;
  for (let end = rest.indexOf(10); end >= 0; end = rest.indexOf(10)) {
    const line = Buffer.concat([...pending, rest.subarray(0, end)]).toString("utf8");
    pending = [];
    rest = rest.subarray(end + 1);
    answered(JSON.parse(line));
  }
  pending.push(rest);
});
send({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "mcpsmith-bench", version: "0" } },
});
