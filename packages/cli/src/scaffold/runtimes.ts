import { existsSync, readFileSync } from "node:fs";
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { CliError } from "../errors.js";
import type { PackageManager } from "./package-manager.js";
import { runScript } from "./package-manager.js";
import { renderTemplate } from "./render.js";
import { templatesRoot } from "./templates.js";

/** Where `mcpsmith new --runtime` makes the server run: Node (stdio or HTTP), or a web-standard runtime over HTTP. */
export const RUNTIMES = ["node", "workers", "bun", "deno"] as const;
export type Runtime = (typeof RUNTIMES)[number];

/** The wrangler release the Workers projects pin: the one the runtime's tests run on workerd, on Node 20. */
export const WRANGLER_VERSION = "4.86.0";

const WEB: Record<Exclude<Runtime, "node">, { name: string; port: number; start: string; dev: string }> = {
  workers: { name: "Cloudflare Workers", port: 8787, start: "wrangler dev", dev: "wrangler dev" },
  bun: { name: "Bun", port: 3000, start: "bun run src/main.ts", dev: "bun --watch run src/main.ts" },
  deno: {
    name: "Deno",
    port: 3000,
    // --sloppy-imports: the sources import each other as `./server.js`, as tsc and Node want, where the file is .ts.
    start: "deno serve --sloppy-imports --host 127.0.0.1 --port 3000 --allow-env --allow-net --allow-read src/main.ts",
    dev: "deno serve --sloppy-imports --watch --host 127.0.0.1 --port 3000 --allow-env --allow-net --allow-read src/main.ts",
  },
};

/**
 * Refuses, before anything is written, a runtime the project cannot run on, saying why and what would work. The
 * web-standard runtimes serve HTTP (a host cannot start them as a stdio process); a database project needs what
 * only Node gives the SQL executor (a worker thread and a native module for SQLite files, TCP sockets for the
 * PostgreSQL and MySQL drivers, which Workers open only through their own sockets API); a `typescript` project's
 * entry is regenerated for Node by `mcpsmith generate`.
 */
export function checkRuntime(
  runtime: Runtime,
  template: string,
  transport: { value: "stdio" | "http"; explicit: boolean },
  from?: string,
): void {
  if (runtime === "node") return;
  const { name } = WEB[runtime];
  if (transport.explicit && transport.value === "stdio") {
    throw new CliError("E_USAGE", `${name} serves HTTP: a host cannot start it as a stdio process.`, {
      hint: "Drop --transport (HTTP is the default there), or use --runtime node for a stdio server.",
    });
  }
  if (template === "database") {
    const what =
      from !== undefined && /\.(sqlite3?|db)$|^sqlite:/i.test(from)
        ? "An SQLite file is opened by a native module in a worker thread"
        : "The database drivers open TCP connections through Node's sockets";
    throw new CliError(
      "E_USAGE",
      `${what}, which ${name} does not give the SQL executor: a database project runs on Node.`,
      {
        hint: "Use --runtime node (the default), and put the server behind HTTP (--transport http) to reach it remotely.",
      },
    );
  }
  if (template === "typescript") {
    throw new CliError(
      "E_USAGE",
      `The typescript template's entry is regenerated for Node by \`mcpsmith generate\`, so it cannot target ${name}.`,
      {
        hint: "Use --template blank for a hand-written server on this runtime, or see docs/deploy.md to serve the generated `app` from a fetch entry.",
      },
    );
  }
}

/** What the runtime's entry and README section read. */
export interface RuntimeView {
  serverName: string;
  /** The blank project's class; absent for a generated OpenAPI project, whose entry calls createServer. */
  className?: string;
  openapi: boolean;
  pm: PackageManager;
}

/**
 * Turns a Node project just written into `dir` into one for a web-standard runtime: its `src/main.ts` becomes a
 * fetch entry (`export default { fetch }`, what Workers, `bun run` and `deno serve` all serve), the runtime's
 * configuration is added (wrangler.toml for Workers), package.json's scripts start it there, and the README says
 * how. Returns the number of files added.
 */
export async function applyRuntime(dir: string, runtime: Runtime, view: RuntimeView): Promise<number> {
  if (runtime === "node") return 0;
  const web = WEB[runtime];
  const url = `http://127.0.0.1:${web.port}/mcp`;
  const rendered = new Map([
    ...renderTemplate(join(templatesRoot(), "runtimes/web"), {
      ...view,
      runtime,
      runtimeName: web.name,
      isWorkers: runtime === "workers",
      isBun: runtime === "bun",
      isDeno: runtime === "deno",
      url,
      commands: { start: runScript(view.pm, "start"), deploy: runScript(view.pm, "deploy") },
      wranglerVersion: WRANGLER_VERSION,
    }),
  ]);
  let added = 0;
  for (const [path, content] of rendered) {
    if (path === "README.section.md") {
      await appendFile(join(dir, "README.md"), `\n${content}`);
      continue;
    }
    // wrangler.toml is the Workers' alone.
    if (path === "wrangler.toml" && runtime !== "workers") continue;
    const target = join(dir, path);
    if (!existsSync(target)) added++;
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content, "utf8");
  }
  const manifest = join(dir, "package.json");
  const pkg = JSON.parse(readFileSync(manifest, "utf8")) as {
    scripts: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  pkg.scripts = {
    ...pkg.scripts,
    start: web.start,
    dev: web.dev,
    inspect: `mcpsmith inspect --url ${url}`,
    ...(runtime === "workers" && { deploy: "wrangler deploy" }),
  };
  if (runtime === "workers") pkg.devDependencies = { ...pkg.devDependencies, wrangler: WRANGLER_VERSION };
  await writeFile(manifest, `${JSON.stringify(pkg, null, 2)}\n`, "utf8");
  return added;
}
