import type { ParsedArgs } from "../args/command.js";
import { cliBin } from "../cli-bin.js";
import { choosePort } from "../commands/dev/project.js";
import { Restarter } from "../commands/dev/restarter.js";
import { serverLauncher } from "../commands/dev/server-process.js";
import { onStopRequest } from "../commands/dev/session.js";
import { StdioProxy } from "../commands/dev/stdio-proxy.js";
import type { Io } from "../io.js";
import { DevPage } from "./dev-page.js";

/** The options `--ui` handles itself; every other one is passed on to the server as given. */
const PAGE_OWN = new Set(["ui", "ui-port", "http", "port", "stdio"]);

/**
 * `mcpsmith serve ... --ui`: the same server, run as a child of this process (`mcpsmith serve` with the same
 * arguments), behind the dev page's proxy and with its spans sent to the page, as `mcpsmith dev --ui` runs a
 * project's server; it is not restarted. Ends, and ends the server, on SIGINT, SIGTERM, or stdin closing (stdio).
 */
export async function serveWithPage(
  args: ParsedArgs,
  positionals: readonly string[],
  http: { port: string | undefined } | undefined,
  io: Io,
): Promise<number> {
  const log = (text: string) => {
    io.stderr.write(`[serve] ${text}\n`);
    page.log(text);
  };
  const port = http ? await choosePort(http.port) : undefined;
  const uiPort = args.values["ui-port"] === undefined ? undefined : await choosePort(String(args.values["ui-port"]));
  const page = await DevPage.start({ port, uiPort, serviceName: "mcpsmith-serve", env: io.env });
  const url = port === undefined ? undefined : `http://127.0.0.1:${port}/mcp`;
  log(url ? `serving ${url}` : "serving over stdio");
  log(`dev page: ${page.url.href}`);
  const proxy = port === undefined ? new StdioProxy((line) => io.stdout.write(`${line}\n`), page.tap) : undefined;
  const transport = page.serverPort === undefined ? ["--stdio"] : ["--http", "--port", String(page.serverPort)];
  const launch = serverLauncher({
    entry: cliBin(),
    args: ["serve", ...positionals, ...passedOn(args), ...transport, ...(args.rest.length ? ["--", ...args.rest] : [])],
    project: io.cwd,
    io,
    port: page.serverPort,
    onLine: proxy && ((line) => proxy.fromServer(line)),
    log,
    env: page.serverEnv,
    onStderr: (text) => page.stderr(text),
  });
  const restarter = new Restarter({ launch: page.watch(launch), proxy, log, where: url ? ` on ${url}` : "" });
  restarter.restart();
  await new Promise<void>((stopped) => {
    const stopListening = onStopRequest(proxy, () => {
      stopListening();
      stopped();
    });
  });
  await restarter.stop();
  await page.close();
  return 0;
}

/** The parsed options as arguments again, less those `--ui` sets itself. */
function passedOn(args: ParsedArgs): string[] {
  const passed: string[] = [];
  for (const [name, value] of Object.entries(args.values)) {
    if (PAGE_OWN.has(name) || value === undefined) continue;
    if (value === true) passed.push(`--${name}`);
    else if (value === false) passed.push(`--no-${name}`);
    else for (const one of Array.isArray(value) ? value : [value]) passed.push(`--${name}=${one}`);
  }
  return passed;
}
