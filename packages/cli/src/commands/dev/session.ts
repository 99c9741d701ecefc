import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, watch } from "node:fs";
import { dirname } from "node:path";
import { createInterface } from "node:readline";
import { stripVTControlCharacters } from "node:util";
import type { GenerateEntry } from "@mcpsmith/codegen";
import { colorEnabled, type Io } from "../../io.js";
import { plural } from "../../text.js";
import { type DevGeneration, watchGeneration } from "./generate.js";
import type { TscSetup } from "./project.js";
import { type DevSchemas, usesDecorators, watchSchemas } from "./schemas.js";

export interface DevSessionOptions {
  project: string;
  entry: string;
  tsc: TscSetup | undefined;
  /** The `generate ts` runs of mcpsmith.json, repeated when sources change (empty: nothing generated). */
  generations: readonly GenerateEntry[];
  /** Set for --http; undefined means stdio. */
  port: number | undefined;
  io: Io;
}

type Message = { id?: unknown; method?: unknown };
const REPLAY_ID = "mcpsmith-dev-replay";

/**
 * One `mcpsmith dev` run: a watcher (the project's tsc in watch mode, or fs.watch) and the server process it
 * restarts after every clean build. Over stdio the session sits between the host and the server, forwarding
 * lines, and swaps the server between requests. Resolves to the exit code when SIGINT/SIGTERM arrive or the
 * host closes stdin.
 */
export function runDevSession(options: DevSessionOptions): Promise<number> {
  const { io, port, entry, project } = options;
  const log = (text: string) => io.stderr.write(`[dev] ${text}\n`);
  const stdio = port === undefined;
  let server: ChildProcess | undefined;
  let stopping = false;
  let starts = 0;
  let chain: Promise<void> = Promise.resolve();

  // stdio proxy state: requests in flight, lines held while the server is swapped, the host's handshake.
  const pending = new Set<string>();
  let idle: (() => void) | undefined;
  // Until the first build is known, requests wait for it rather than failing.
  let holding = stdio;
  const held: string[] = [];
  let initialize: Message | undefined;
  let initialized: string | undefined;
  let replayed: (() => void) | undefined;
  let switching = false;

  const url = port === undefined ? undefined : `http://127.0.0.1:${port}/mcp`;
  log(
    url
      ? `serving ${url} — restarts on change; Ctrl-C stops`
      : "serving over stdio: a host (or `mcpsmith list -- mcpsmith dev`) talks to it on stdin/stdout; use --http for a URL",
  );

  function startServer(): ChildProcess | undefined {
    if (!existsSync(entry)) {
      log(`${entry} does not exist yet; waiting for a build`);
      return undefined;
    }
    starts += 1;
    const child = spawn(process.execPath, [entry], {
      cwd: project,
      env: {
        ...(io.env as NodeJS.ProcessEnv),
        MCPSMITH_TRANSPORT: stdio ? "stdio" : "http",
        ...(port !== undefined && { MCPSMITH_PORT: String(port), PORT: String(port) }),
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    child.stderr?.on("data", (chunk: Buffer) => io.stderr.write(chunk.toString("utf8")));
    if (stdio) {
      createInterface({ input: child.stdout! }).on("line", (line) => fromServer(line));
    } else {
      child.stdout?.on("data", (chunk: Buffer) => io.stdout.write(chunk.toString("utf8")));
    }
    child.stdin?.on("error", () => {});
    child.once("exit", (code, signal) => {
      if (server === child && !stopping) {
        server = undefined;
        log(`the server exited (${signal ?? `code ${code}`}); it starts again on the next change`);
        releaseWaiters();
      }
    });
    log(`${starts === 1 ? "started" : "restarted"} the server (pid ${child.pid})${url ? ` on ${url}` : ""}`);
    return child;
  }

  function stopServer(child: ChildProcess | undefined): Promise<void> {
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((done) => {
      const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
      child.once("exit", () => {
        clearTimeout(force);
        done();
      });
      child.kill("SIGTERM");
    });
  }

  function releaseWaiters() {
    pending.clear();
    idle?.();
    replayed?.();
  }

  /** Swaps the server for a fresh one after a clean build; serialized, and between requests over stdio. */
  function restart(): void {
    switching = true;
    chain = chain.then(async () => {
      if (stopping) return;
      if (stdio) {
        holding = true;
        if (pending.size > 0) {
          const finish = pending.size === 1 ? "finishes" : "finish";
          log(
            `a new build is ready; the server restarts once the ${plural(pending.size, "request")} in flight ${finish}`,
          );
          await new Promise<void>((done) => (idle = done));
        }
        idle = undefined;
      }
      const old = server;
      server = undefined;
      await stopServer(old);
      if (stopping) return;
      server = startServer();
      if (stdio) {
        if (server && initialize) {
          const answered = new Promise<void>((done) => (replayed = done));
          send(JSON.stringify({ ...initialize, id: REPLAY_ID }));
          await answered;
          replayed = undefined;
          if (initialized) send(initialized);
        }
        holding = false;
        for (const line of held.splice(0)) toServer(line);
      }
      switching = false;
    });
  }

  function send(line: string) {
    server?.stdin?.write(`${line}\n`);
  }

  function toServer(line: string) {
    if (holding) {
      held.push(line);
      return;
    }
    const message = parse(line);
    if (message?.method === "initialize") initialize = message;
    if (message?.method === "notifications/initialized") initialized = line;
    if (message?.method !== undefined && message.id !== undefined) pending.add(JSON.stringify(message.id));
    if (!server) {
      // Nothing runs (no clean build yet, or it crashed): answer requests so the host does not wait forever.
      if (message?.method !== undefined && message.id !== undefined) {
        pending.delete(JSON.stringify(message.id));
        io.stdout.write(
          `${JSON.stringify({ jsonrpc: "2.0", id: message.id, error: { code: -32603, message: "mcpsmith dev: the server is not running (see its terminal for build errors)" } })}\n`,
        );
      }
      return;
    }
    send(line);
  }

  function fromServer(line: string) {
    const message = parse(line);
    if (message?.id === REPLAY_ID && message.method === undefined) {
      replayed?.();
      return;
    }
    if (message?.id !== undefined && message.method === undefined) {
      pending.delete(JSON.stringify(message.id));
      if (pending.size === 0) idle?.();
    }
    io.stdout.write(`${line}\n`);
  }

  return new Promise((resolveSession) => {
    let watcher: { close(): void } | undefined;
    let tsc: ChildProcess | undefined;
    let schemas: DevSchemas | undefined;
    let generation: DevGeneration | undefined;

    const shutdown = async (code: number) => {
      if (stopping) return;
      stopping = true;
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      watcher?.close();
      schemas?.close();
      generation?.close();
      tsc?.kill("SIGTERM");
      releaseWaiters();
      await stopServer(server);
      log("stopped");
      resolveSession(code);
    };
    const onSignal = () => void shutdown(0);
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);

    if (stdio) {
      const input = createInterface({ input: process.stdin });
      input.on("line", (line) => {
        if (line.trim()) toServer(line);
      });
      input.once("close", () => void shutdown(0));
    }

    /** The project's tsc in watch mode; each compile's result is acted on in order, by `afterCompile`. */
    function compile(setup: TscSetup): ChildProcess {
      const pretty = colorEnabled(io.stderr, io.env);
      log(`compiling with ${setup.bin} -p ${setup.config} --watch`);
      const child = spawn(
        process.execPath,
        [setup.bin, "-p", setup.config, "--watch", "--preserveWatchOutput", "--pretty", String(pretty)],
        { cwd: project, env: io.env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] },
      );
      // A compile's diagnostics wait for its result: a regeneration may make them stale (see afterCompile).
      let diagnostics: string[] = [];
      let results = Promise.resolve();
      const onLine = (line: string) => {
        const plain = stripVTControlCharacters(line).trim();
        const found = /Found (\d+) errors?\b/.exec(plain);
        if (found) {
          const report = diagnostics;
          diagnostics = [];
          results = results.then(() => afterCompile(Number(found[1]), report));
          return;
        }
        if (plain && !/Starting compilation|File change detected/.test(plain)) diagnostics.push(line);
      };
      createInterface({ input: child.stdout! }).on("line", onLine);
      createInterface({ input: child.stderr! }).on("line", onLine);
      child.once("exit", (code) => {
        for (const line of diagnostics) io.stderr.write(`${line}\n`);
        if (stopping) return;
        log(`tsc stopped (code ${code}); dev cannot watch without it`);
        void shutdown(1);
      });
      return child;
    }

    async function afterCompile(errors: number, diagnostics: readonly string[]): Promise<void> {
      const generated = await generation?.refresh();
      // The sources changed the generated server: tsc compiles it next, and that compile's result is the one to use.
      if (generated === "rewritten") return;
      for (const line of diagnostics) io.stderr.write(`${line}\n`);
      // After a failed generation a running server keeps its build; with none running (nor about to), the last
      // generated files, which compiled, are the last good build.
      if (errors === 0 && (generated !== "failed" || (!server && !switching))) {
        // Derived schemas first (docs/types-as-schema.md): the restarted server reads them at start-up.
        chain = chain.then(() => schemas?.refresh());
        return restart();
      }
      if (stdio && !server && holding && !switching) {
        // No server to answer (the first build failed): let waiting requests get their error now.
        holding = false;
        for (const line of held.splice(0)) toServer(line);
      }
      if (errors > 0) {
        log(
          `${plural(errors, "type error")}; ${server ? "the running server keeps the last good build" : "the server starts once the code compiles"}`,
        );
      }
    }

    if (options.tsc) {
      const setup = options.tsc;
      schemas = usesDecorators(project) ? watchSchemas(project, setup.config, log) : undefined;
      generation = options.generations.length > 0 ? watchGeneration(project, options.generations, log) : undefined;
      // The generated server is written before the first compile, so tsc starts from the current sources.
      void (generation?.refresh() ?? Promise.resolve()).then(() => {
        if (!stopping) tsc = compile(setup);
      });
    } else {
      const folder = dirname(entry);
      log(`watching ${folder}`);
      let timer: NodeJS.Timeout | undefined;
      watcher = watch(folder, { recursive: true }, (_event, file) => {
        if (file && /(^|[\\/])node_modules([\\/]|$)/.test(file)) return;
        clearTimeout(timer);
        timer = setTimeout(restart, 150);
      });
      restart();
    }
  });
}

function parse(line: string): Message | undefined {
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Message) : undefined;
  } catch {
    return undefined;
  }
}
