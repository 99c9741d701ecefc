import { dirname } from "node:path";
import { createInterface } from "node:readline";
import type { GenerateEntry } from "@mcpsmith/codegen";
import { colorEnabled, type Io } from "../../io.js";
import { plural } from "../../text.js";
import { type DevGeneration, watchGeneration } from "./generate.js";
import type { TscSetup } from "./project.js";
import { decideAfterCompile } from "./restart-policy.js";
import { Restarter } from "./restarter.js";
import { type DevSchemas, usesDecorators, watchSchemas } from "./schemas.js";
import { serverLauncher } from "./server-process.js";
import type { SessionPage } from "./session-page.js";
import { StdioProxy } from "./stdio-proxy.js";
import type { CompileResult } from "./tsc-output.js";
import { type BuildWatcher, watchFolder, watchFolders, watchTsc } from "./watch.js";

export interface DevSessionOptions {
  project: string;
  entry: string;
  tsc: TscSetup | undefined;
  /** The `generate ts` runs of mcpsmith.json, repeated when sources change (empty: nothing generated). */
  generations: readonly GenerateEntry[];
  /** Set for --http; undefined means stdio. */
  port: number | undefined;
  io: Io;
  /** Arguments after the entry (a config's server: the CLI's own `serve --config FILE`). */
  args?: readonly string[];
  /** Without tsc: what to watch (default the entry's folder) and which changes under it to ignore. */
  watch?: { folders: readonly string[]; ignore: RegExp; tsconfig: string | undefined };
  /** `--ui`: the dev page, which sees the session's proxy, servers and news. */
  page?: SessionPage | undefined;
}

/**
 * One `mcpsmith dev` run: a watcher (the project's tsc in watch mode, or fs.watch) and the server it restarts
 * after every clean build (restarter.ts). Over stdio the session sits between the host and the server
 * (stdio-proxy.ts). Resolves to the exit code when SIGINT/SIGTERM arrive, the host closes stdin, or tsc stops.
 */
export function runDevSession(options: DevSessionOptions): Promise<number> {
  const { io, port, entry, project, page } = options;
  const log = (text: string) => {
    io.stderr.write(`[dev] ${text}\n`);
    page?.log(text);
  };
  const url = port === undefined ? undefined : `http://127.0.0.1:${port}/mcp`;
  log(
    url
      ? `serving ${url} — restarts on change; Ctrl-C stops`
      : "serving over stdio: a host (or `mcpsmith list -- mcpsmith dev`) talks to it on stdin/stdout; use --http for a URL",
  );
  if (page) log(`dev page: ${page.url.href}`);
  const proxy = port === undefined ? new StdioProxy((line) => io.stdout.write(`${line}\n`), page?.tap) : undefined;
  const launch = serverLauncher({
    entry,
    project,
    io,
    // Behind the page's HTTP proxy, the server listens on a port of its own.
    port: page?.serverPort ?? port,
    onLine: proxy && ((line) => proxy.fromServer(line)),
    log,
    ...(page && { env: page.serverEnv, onStderr: (text: string) => page.stderr(text) }),
    ...(options.args && { args: options.args }),
  });
  const restarter = new Restarter({
    launch: page ? page.watch(launch) : launch,
    proxy,
    log,
    where: url ? ` on ${url}` : "",
  });

  return new Promise((resolveSession) => {
    let stopping = false;
    let watcher: BuildWatcher | undefined;
    let schemas: DevSchemas | undefined;
    let generation: DevGeneration | undefined;
    const stopListening = onStopRequest(proxy, () => void shutdown(0));

    async function shutdown(code: number): Promise<void> {
      if (stopping) return;
      stopping = true;
      stopListening();
      watcher?.close();
      schemas?.close();
      generation?.close();
      await restarter.stop();
      await page?.close();
      log("stopped");
      resolveSession(code);
    }

    // A compile's diagnostics wait for its result: a regeneration may make them stale (see restart-policy.ts).
    let compiles = Promise.resolve();
    async function afterCompile({ errors, diagnostics }: CompileResult): Promise<void> {
      const generated = (await generation?.refresh()) ?? "current";
      const decision = decideAfterCompile(errors, generated, restarter);
      if (decision.action === "stale") return;
      for (const line of diagnostics) io.stderr.write(`${line}\n`);
      if (decision.action === "restart") {
        // Derived schemas first (docs/types-as-schema.md): the restarted server reads them at start-up.
        restarter.enqueue(() => schemas?.refresh());
        return restarter.restart();
      }
      // No server to answer (the first build failed): waiting requests get their error now.
      if (decision.answerWaiting) proxy?.release();
      if (errors > 0) {
        const server = restarter.running
          ? "the running server keeps the last good build"
          : "the server starts once the code compiles";
        log(`${plural(errors, "type error")}; ${server}`);
        page?.compileErrors(`${plural(errors, "type error")}; ${server}`, diagnostics);
      }
    }

    const setup = options.tsc;
    if (setup) {
      schemas = usesDecorators(project) ? watchSchemas(project, setup.config, log) : undefined;
      generation = options.generations.length > 0 ? watchGeneration(project, options.generations, log) : undefined;
      // The generated server is written before the first compile, so tsc starts from the current sources.
      void (generation?.refresh() ?? Promise.resolve()).then(() => {
        if (stopping) return;
        log(`compiling with ${setup.bin} -p ${setup.config} --watch`);
        watcher = watchTsc({
          setup,
          project,
          io,
          pretty: colorEnabled(io.stderr, io.env),
          onCompile: (result) => {
            compiles = compiles.then(() => afterCompile(result));
          },
          onExit: (code, unfinished) => {
            for (const line of unfinished) io.stderr.write(`${line}\n`);
            if (stopping) return;
            log(`tsc stopped (code ${code}); dev cannot watch without it`);
            void shutdown(1);
          },
        });
      });
    } else if (options.watch) {
      const { folders, ignore, tsconfig } = options.watch;
      // Sources run uncompiled (TypeScript is compiled as it loads): decorated classes still need derived schemas.
      schemas = tsconfig !== undefined && usesDecorators(project) ? watchSchemas(project, tsconfig, log) : undefined;
      log(`watching ${folders.join(", ")}`);
      const restart = () => {
        restarter.enqueue(() => schemas?.refresh());
        restarter.restart();
      };
      watcher = watchFolders(folders, restart, ignore);
      restart();
    } else {
      const folder = dirname(entry);
      log(`watching ${folder}`);
      watcher = watchFolder(folder, () => restarter.restart());
      restarter.restart();
    }
  });
}

/**
 * Calls `stop` on SIGINT or SIGTERM, and over stdio when the host closes stdin (the host's stdin lines go to the
 * proxy meanwhile). Returns what stops listening for the signals.
 */
export function onStopRequest(proxy: StdioProxy | undefined, stop: () => void): () => void {
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  if (proxy) {
    const input = createInterface({ input: process.stdin });
    input.on("line", (line) => {
      if (line.trim()) proxy.fromHost(line);
    });
    input.once("close", stop);
  }
  return () => {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  };
}
