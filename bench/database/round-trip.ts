/**
 * The `list_<table>` round trip for a 100-row page: `mcpsmith serve db` over stdio driven by the official client,
 * next to the same statement through the plain driver (better-sqlite3, an open read-only connection), the floor (an
 * SDK server answering mcpsmith's own result without any work, floor-server.ts), and dbhub (`@bytebase/dbhub`,
 * pinned, run by npx on Node 22) serving the same file, its `execute_sql` running the same SELECT. Calls alternate
 * between the servers in rounds, so load on the machine touches each alike. Beside latency, each call's CPU time:
 * the server's (its process tree, /proc) and the client's (this process), which hardly move with load. mcpsmith and
 * the floor are measured with both eras of the official client: a legacy one (2025-11-25, the v2 client's default)
 * and one pinned to 2026-07-28; dbhub speaks 2025-era revisions only. The same comparison runs on PostgreSQL and
 * MariaDB (engines.ts), dbhub pointed at the same database.
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { cpuMsOfTree, threadCpuMsOf } from "../runtime/proc.js";
import type { Engine } from "./engines.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const BIN = join(ROOT, "packages/cli/dist/bin.js");
/**
 * dbhub needs Node >= 22.5 (node:sqlite) while the bench runs on Node 20.19+, so it is run the way the repository
 * runs its other Node-22 tools (test/support/npx.ts): `npx` with `node@22` beside the pinned package. npx may
 * download both on first use; dbhub then reads only the local file.
 */
export const DBHUB_VERSION = "1.4.0";
const NODE_22 = ["-y", "-p", "node@22"];
const DBHUB_NPX = [...NODE_22, "-p", `@bytebase/dbhub@${DBHUB_VERSION}`, "--", "dbhub"];
const NPX = process.platform === "win32" ? "npx.cmd" : "npx";

/** A Node.js a server runs on: its binary and `process.version`. */
export interface ServerNode {
  path: string;
  version: string;
}

/** The Node the bench itself runs on (20.19 and later). */
export const BENCH_NODE: ServerNode = { path: process.execPath, version: process.version };

/**
 * The Node dbhub runs on, the binary `npx -p node@22` fetched: mcpsmith runs on it too, beside the bench's own Node,
 * so that the rows compared with dbhub differ in the server only (on this machine Node 22 runs the same server
 * 5-7% faster than Node 20).
 */
export function dbhubNode(): Promise<ServerNode> {
  return new Promise((resolveNode, reject) =>
    execFile(
      NPX,
      [...NODE_22, "--", "node", "-p", "process.execPath + ' ' + process.version"],
      { env: npxEnv() },
      (error, stdout) => {
        if (error) return reject(error);
        const [path, version] = stdout.trim().split(" ");
        if (path === undefined || version === undefined) return reject(new Error(`npx printed ${stdout}`));
        resolveNode({ path, version });
      },
    ),
  );
}

/**
 * The SQLite engine `mcpsmith serve db` picks on `node` (its `auto` default): better-sqlite3 where its installed
 * build loads there, else node:sqlite, which is also dbhub's. A build made for another Node's ABI does not load.
 */
export function sqliteEngineOn(node: ServerNode): Promise<string> {
  const runtime = JSON.stringify(join(ROOT, "packages/runtime/package.json"));
  const check = `const D = require("node:module").createRequire(${runtime})("better-sqlite3"); new D(":memory:").close()`;
  return new Promise((resolveEngine) =>
    execFile(node.path, ["-e", check], (error) => resolveEngine(error ? "node:sqlite" : "better-sqlite3")),
  );
}

/** The client's era: 2025-11-25 after `initialize` (the v2 client's default, and every v1 client), or 2026-07-28. */
export type Era = "legacy" | "2026-07-28";
export const ERAS: readonly Era[] = ["legacy", "2026-07-28"];
const clientOptions = (era: Era) =>
  era === "legacy" ? {} : { versionNegotiation: { mode: { pin: "2026-07-28" as const } } };

export interface Contender {
  name: string;
  /** One call, its answer as the client gave it: nothing more is done with it while it is timed. */
  call: () => Promise<unknown>;
  /** The rows an answer holds (checked during the warm-up only, so a fast error cannot count). */
  rows: (answer: unknown) => number;
  close: () => Promise<void>;
  /** The server's process, for its CPU time (none for the plain driver, which runs in this process). */
  pid?: number;
  /** The server is that process itself, not a launcher's child (npx): its main thread is the server's. */
  direct?: boolean;
}

/**
 * A server on stdio, connected. `call` returns the client's result as it is: reading dbhub's rows means parsing its
 * text, which is the reader's work, not the round trip's, so `rows` does it, and only for the warm-up's check.
 */
async function stdioContender(
  name: string,
  [command, ...args]: [string, ...string[]],
  tool: string,
  toolArgs: Record<string, unknown>,
  rowsOf: (result: { structuredContent?: unknown; content?: unknown }) => number,
  era: Era = "legacy",
  env: Record<string, string> = {},
): Promise<Contender> {
  const client = new Client({ name: "mcpsmith-bench", version: "1.0.0" }, clientOptions(era));
  const transport = new StdioClientTransport({ command, args, env: { ...npxEnv(), ...env }, stderr: "pipe" });
  await client.connect(transport);
  const negotiated = client.getNegotiatedProtocolVersion();
  if (era !== "legacy" && negotiated !== era) throw new Error(`${name}: negotiated ${negotiated}, not ${era}`);
  return {
    name,
    call: () => client.callTool({ name: tool, arguments: toolArgs }),
    rows: (answer) => {
      const result = answer as Awaited<ReturnType<Client["callTool"]>>;
      if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content).slice(0, 300)}`);
      return rowsOf(result);
    },
    close: () => client.close(),
    pid: transport.pid ?? undefined,
    direct: command !== NPX,
  };
}

const pageRows = (result: { structuredContent?: unknown }) =>
  (result.structuredContent as { rows: unknown[] }).rows.length;

export interface McpsmithRun {
  /** Before the CLI (`--cpu-prof` for `--profile`). */
  nodeFlags?: string[];
  /** The root of another built checkout of mcpsmith to run instead of this one (`--baseline`). */
  checkout?: string;
  /** The Node the server runs on (default the bench's) and, on SQLite, the engine it reads with there. */
  node?: ServerNode;
  sqliteEngine?: string;
}

/** `mcpsmith serve db` on `engine`, its name saying the Node it runs on (and on SQLite, the engine). */
export function mcpsmith(engine: Engine, era: Era, run: McpsmithRun = {}): Promise<Contender> {
  const { nodeFlags = [], checkout, node = BENCH_NODE, sqliteEngine } = run;
  const bin = checkout === undefined ? BIN : join(resolve(checkout), "packages/cli/dist/bin.js");
  const who = checkout === undefined ? "mcpsmith serve db" : `baseline ${checkout}: serve db`;
  const on = `Node ${node.version.slice(1)}${sqliteEngine === undefined ? "" : `, ${sqliteEngine}`}`;
  // SQLite's file is the argument; a server's URL goes in the environment, as a host would pass it.
  const sqlite = engine.name === "sqlite";
  return stdioContender(
    `${who} (${on}), ${engine.listTool}, ${era} client`,
    [node.path, ...nodeFlags, bin, "serve", "db", ...(sqlite ? [engine.url] : [])],
    engine.listTool,
    { limit: 100 },
    pageRows,
    era,
    sqlite ? {} : { DATABASE_URL: engine.url },
  );
}

/** The floor: an SDK server whose tool answers `answerFile` (a result mcpsmith answered) as it is. */
export function floor(answerFile: string, tool: string, era: Era, node: ServerNode = BENCH_NODE): Promise<Contender> {
  return stdioContender(
    `floor: SDK server answering the same result, no work (Node ${node.version.slice(1)}), ${era} client`,
    [node.path, fileURLToPath(new URL("./floor-server.js", import.meta.url)), answerFile, tool],
    tool,
    { limit: 100 },
    pageRows,
    era,
  );
}

/**
 * The reading floor (SQLite, legacy client): a server with no library that reads the page and answers it
 * (reader-server.ts), on `node`. What it takes over the floor is the read's own cost; what mcpsmith takes over it is
 * mcpsmith's.
 */
export function reader(engine: Engine, answerFile: string, node: ServerNode = BENCH_NODE): Promise<Contender> {
  const server = fileURLToPath(new URL("./reader-server.js", import.meta.url));
  return stdioContender(
    `reading floor: no library, the same SELECT and answer (Node ${node.version.slice(1)}), legacy client`,
    [node.path, "--no-warnings", server, engine.url, engine.pageSql, engine.listTool, answerFile],
    engine.listTool,
    { limit: 100 },
    pageRows,
  );
}

/**
 * dbhub answers its rows as JSON text; its DSN is `sqlite://` and the absolute path. Without npx or the registry
 * this throws, and the run says so.
 */
export function dbhub(engine: Engine, node?: ServerNode): Promise<Contender> {
  return stdioContender(
    `dbhub ${DBHUB_VERSION} (Node ${node?.version.slice(1) ?? "22"}), execute_sql, legacy client`,
    [NPX, ...DBHUB_NPX, "--transport", "stdio", "--dsn", engine.dbhubDsn],
    "execute_sql",
    { sql: engine.pageSql },
    (result) => {
      const text = (result.content as { type: string; text: string }[])[0]?.text ?? "";
      // 1.4 answers `{ data: { statements: [{ sql, rows }] } }`; earlier versions `{ data: { rows } }`.
      const parsed = JSON.parse(text) as { data?: { rows?: unknown[]; statements?: { rows?: unknown[] }[] } };
      return (parsed.data?.statements?.[0]?.rows ?? parsed.data?.rows ?? []).length;
    },
  );
}

/** The client's default environment keeps only a few variables; npx needs PATH, HOME and npm's own settings. */
function npxEnv(): Record<string, string> {
  const env = Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return { ...Object.fromEntries(env), npm_config_update_notifier: "false" };
}

export function driver(engine: Engine): Contender {
  const Database = createRequire(join(ROOT, "packages/runtime/package.json"))("better-sqlite3") as new (
    file: string,
    options: { readonly: boolean },
  ) => { prepare(sql: string): { all(): unknown[] }; close(): void };
  const db = new Database(engine.url, { readonly: true });
  return {
    name: "better-sqlite3, the same SELECT (plain driver)",
    call: async () => db.prepare(engine.pageSql).all(),
    rows: (answer) => (answer as unknown[]).length,
    close: async () => db.close(),
  };
}

export interface RoundTrips {
  /** Latency of each measured call, ms. */
  times: number[];
  /** CPU time per call of the server's processes, ms (undefined without /proc or a server process). */
  serverCpuMs?: number;
  /** CPU time per call of the server's main thread (its event loop: protocol, engine, handler), ms. */
  mainThreadCpuMs?: number;
  /** CPU time per call of this process (the client, or the plain driver), ms. */
  clientCpuMs: number;
}

/**
 * Per contender, its measured calls, after `warmUp` calls each. Each round calls them in a fresh random order
 * (seeded, so runs are alike): with the order only reversed every other round, the contenders in the middle never
 * ran twice in a row while those at either end did at every turn, and a server called again at once finds its
 * code and data still in the caches: an identical server measured 2-6% slower in the middle than at either end.
 */
export async function measureRoundTrips(
  contenders: Contender[],
  warmUp: number,
  calls: number,
): Promise<Map<string, RoundTrips>> {
  for (const contender of contenders) {
    for (let i = 0; i < warmUp; i++) {
      const rows = contender.rows(await contender.call());
      if (rows !== 100) throw new Error(`${contender.name} answered ${rows} rows, not 100`);
    }
  }
  const measured = new Map(contenders.map((c) => [c.name, { times: [] as number[], clientMicros: 0 }]));
  const serverBefore = contenders.map((c) => cpuMsOfTree(c.pid));
  const mainBefore = contenders.map((c) => (c.direct ? threadCpuMsOf(c.pid) : undefined));
  const random = seeded(0x6d63_7073);
  for (let i = 0; i < calls; i++) {
    for (const contender of shuffled(contenders, random)) {
      const entry = measured.get(contender.name)!;
      const cpu = process.cpuUsage();
      const started = performance.now();
      await contender.call();
      entry.times.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      entry.clientMicros += used.user + used.system;
    }
  }
  return new Map(
    contenders.map((c, i) => {
      const { times, clientMicros } = measured.get(c.name)!;
      const before = serverBefore[i];
      const perCall = (from: number | undefined, to: number | undefined) =>
        from !== undefined && to !== undefined ? (to - from) / calls : undefined;
      const serverCpuMs = perCall(before, cpuMsOfTree(c.pid));
      const mainThreadCpuMs = perCall(mainBefore[i], c.direct ? threadCpuMsOf(c.pid) : undefined);
      return [
        c.name,
        {
          times,
          clientCpuMs: clientMicros / 1000 / calls,
          ...(serverCpuMs !== undefined && { serverCpuMs }),
          ...(mainThreadCpuMs !== undefined && { mainThreadCpuMs }),
        },
      ];
    }),
  );
}

/** A copy of `items` in random order (Fisher-Yates). */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const order = [...items];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** Numbers in [0, 1) from a 32-bit seed (mulberry32): the same rounds on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
