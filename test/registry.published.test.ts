// The packages as users meet them: packed with `pnpm pack`, published to a Verdaccio this test starts, and installed
// from it into empty folders outside the repository with an empty home (test/support/published.ts). Every template
// (the gateway's composed sources served from its mcpsmith.config.ts by the installed CLI included) is created with
// `npm create mcpsmith@latest`, installed, built, tested by its own tests and listed, and the
// database ones answer their `query` tool; pnpm, yarn and bun create a project each; `npx @mcpsmith/cli serve`
// serves the three database engines and an OpenAPI document to the official clients, the document in code mode too
// (a script run in the installed QuickJS sandbox); a Worker importing the packed runtime, code mode and its
// WebAssembly included, bundles with wrangler where no optional package is installed. A file missing from a
// package's `files`, a `workspace:` range or a dependency only this workspace provides fails here. `pnpm build` first.
//
// The projects are made two at a time (`inLane`), all started before the first test: each test awaits its own.

import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { corpusFile } from "@mcpsmith/corpus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClientKind, connectClient } from "./support/clients.js";
import { startWithPage } from "./support/dev-session.js";
import { type Published, publishPackages } from "./support/published.js";
import { createPublishedDatabases, type PublishedDatabases } from "./support/published-databases.js";
import { ROOT } from "./support/servers.js";
import { MYSQL_URL, POSTGRES_URL, serviceAvailable } from "./support/services.js";
import { startUpstream, type Upstream } from "./support/upstream.js";

const PETSTORE = join(ROOT, "examples/petstore/openapi.yaml");
/** A hang guard per test, which includes waiting for a lane: not a speed assertion. */
const HANG_GUARD = 20 * 60_000;
const servicesUp =
  (await serviceAvailable("PostgreSQL", POSTGRES_URL)) && (await serviceAvailable("MariaDB", MYSQL_URL));

type PackageManager = "npm" | "pnpm" | "yarn" | "bun";
type Engine = "sqlite" | "postgres" | "mysql";

interface Listing {
  server: { name: string };
  tools: { name: string }[];
}

interface CreatedProject {
  dir: string;
  listing: Listing;
  testOutput: string;
  /** The `query` tool's answer (database projects). */
  queried?: unknown;
}

let published: Published;
let databases: PublishedDatabases;
let documents: { url: string; close(): Promise<void> };
let upstream: Upstream;
let chinook: string;
const flows = new Map<string, Promise<CreatedProject>>();
let npxReady: Promise<string>;
let workerBundled: Promise<{ dir: string; installed: string[]; output: string }>;

const SQL: Record<Engine, { sql: string; rows: unknown[] }> = {
  sqlite: { sql: "SELECT Name FROM Artist WHERE ArtistId = 1", rows: [{ Name: "AC/DC" }] },
  postgres: { sql: "SELECT title FROM books WHERE id = 2", rows: [{ title: "Kindred" }] },
  mysql: { sql: "SELECT title FROM books WHERE id = 2", rows: [{ title: "Kindred" }] },
};

beforeAll(async () => {
  published = await publishPackages();
  documents = await serveFile(PETSTORE);
  upstream = await startUpstream((request) => ({
    json: { id: Number(request.url.split("/").pop()), name: "Rex", photoUrls: [] },
  }));
  chinook = join(published.folder("data"), "chinook.sqlite");
  copyFileSync(corpusFile("sql/chinook.sqlite"), chinook);
  if (servicesUp) databases = await createPublishedDatabases();
  const source = { sqlite: chinook, postgres: databases?.postgres, mysql: databases?.mysql };

  const npm = (name: string, flags: string[], env: Record<string, string> = {}, engine?: Engine) =>
    published.inLane(async () => {
      const parent = published.folder(`npm-${name}`);
      await published.run("npm", ["create", "mcpsmith@latest", name, "--", ...flags, "--yes", "--no-git"], parent);
      return checkProject("npm", join(parent, name), env, engine);
    });
  flows.set("blank", npm("blank", ["--template", "blank"]));
  flows.set("typescript", npm("typescript", ["--template", "typescript"]));
  // No database: the gateway's optional database source is left out, as a project made offline leaves it.
  flows.set("gateway", npm("gateway", ["--template", "gateway"], { DATABASE_URL: "" }));
  flows.set("openapi file", npm("petstore-file", ["--template", "openapi", "--from", PETSTORE]));
  flows.set("openapi url", npm("petstore-url", ["--template", "openapi", "--from", documents.url]));
  if (servicesUp) {
    for (const engine of ["sqlite", "postgres", "mysql"] as const) {
      const url = engine === "sqlite" ? `sqlite:${chinook}` : source[engine]!;
      flows.set(
        engine,
        npm(`db-${engine}`, ["--template", "database", "--from", source[engine]!], { DATABASE_URL: url }, engine),
      );
    }
  }
  for (const pm of ["pnpm", "yarn", "bun"] as const) {
    flows.set(
      pm,
      published.inLane(async () => {
        const parent = published.folder(pm);
        await published.run(pm, ["create", "mcpsmith", "app", "--yes", "--no-git"], parent);
        return checkProject(pm, join(parent, "app"));
      }),
    );
  }
  // The first npx installs the CLI; the clients then start it from npx's cache, as a host would the next time.
  npxReady = published.inLane(async () => {
    const folder = published.folder("npx");
    const version = await published.run("npx", ["-y", "@mcpsmith/cli", "--version"], folder);
    expect(version.stdout.trim()).toBe(published.packages.find((pkg) => pkg.name === "@mcpsmith/cli")!.version);
    return folder;
  });
  workerBundled = published.inLane(bundleWorker);
}, HANG_GUARD);

afterAll(async () => {
  await Promise.allSettled([...flows.values(), npxReady, workerBundled]);
  await Promise.all([documents?.close(), upstream?.close(), databases?.drop()]);
  await published?.close();
}, 10 * 60_000);

/** How each package manager runs a project's script and a binary it installed, as the scaffold's README says. */
const RUN: Record<PackageManager, { script(name: string): string[]; bin: string[] }> = {
  npm: { script: (name) => (name === "test" ? ["npm", "test"] : ["npm", "run", name]), bin: ["npx"] },
  pnpm: { script: (name) => ["pnpm", name], bin: ["pnpm", "exec"] },
  yarn: { script: (name) => ["yarn", "--silent", name], bin: ["yarn", "--silent"] },
  bun: { script: (name) => ["bun", "run", name], bin: ["bun", "run"] },
};

/** What every created project must do: build, pass its own tests, list its tools with its own CLI. */
async function checkProject(
  pm: PackageManager,
  dir: string,
  env: Record<string, string> = {},
  engine?: Engine,
): Promise<CreatedProject> {
  const [builder, ...buildArgs] = RUN[pm].script("build");
  await published.run(builder!, buildArgs, dir, env);
  const [tester, ...testArgs] = RUN[pm].script("test");
  const tested = await published.run(tester!, testArgs, dir, env);
  const [runner, ...binArgs] = RUN[pm].bin;
  const listed = await published.run(runner!, [...binArgs, "mcpsmith", "list", "--json"], dir, env);
  const project: CreatedProject = { dir, listing: JSON.parse(listed.stdout), testOutput: tested.output };
  if (engine !== undefined) {
    const args = JSON.stringify({ sql: SQL[engine].sql });
    const called = await published.run(runner!, [...binArgs, "mcpsmith", "call", "query", "--args", args], dir, env);
    project.queried = JSON.parse(called.stdout);
  }
  return project;
}

const passedAll = (output: string) => {
  expect(output).toMatch(/Tests\s+\d+ passed/);
  expect(output).not.toMatch(/\d+ skipped/);
};

describe("npm create mcpsmith@latest", () => {
  it.each(["blank", "typescript"])("--template %s", { timeout: HANG_GUARD }, async (template) => {
    const project = await flows.get(template)!;
    passedAll(project.testOutput);
    expect(project.listing.server.name).toBe(template);
    expect(project.listing.tools.length).toBeGreaterThan(0);
  });

  it("--template gateway: one server over its sources from mcpsmith.config.ts, served by the installed CLI", {
    timeout: HANG_GUARD,
  }, async () => {
    const project = await flows.get("gateway")!;
    passedAll(project.testOutput);
    expect(project.listing.server.name).toBe("gateway");
    expect(project.listing.tools.map((tool) => tool.name)).toEqual([
      "npm_getPackage",
      "npm_search",
      "tools_convert",
      "tools_today",
      "desk_keep",
      "desk_titles",
    ]);
  });

  it("--template openapi --from FILE, and --from a URL", { timeout: HANG_GUARD }, async () => {
    const [fromFile, fromUrl] = [await flows.get("openapi file")!, await flows.get("openapi url")!];
    passedAll(fromFile.testOutput);
    passedAll(fromUrl.testOutput);
    expect(fromFile.listing.tools.map((tool) => tool.name)).toContain("getPetById");
    expect(fromUrl.listing.tools).toEqual(fromFile.listing.tools);
    // The URL's document is downloaded into the project, which regenerates from its own copy.
    expect(existsSync(join(fromUrl.dir, "openapi.yaml"))).toBe(true);
  });

  it.runIf(servicesUp).each(["sqlite", "postgres", "mysql"] as const)(
    "--template database --from a %s database",
    { timeout: HANG_GUARD },
    async (engine) => {
      const project = await flows.get(engine)!;
      const pkg = JSON.parse(readFileSync(join(project.dir, "package.json"), "utf8"));
      // Exactly what @mcpsmith/runtime/sql loads for the engine: the driver (the MySQL guard's parser is bundled).
      const drivers = { sqlite: ["better-sqlite3"], postgres: ["pg"], mysql: ["mysql2"] }[engine];
      const declared = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).sort();
      expect(declared).toEqual(["@mcpsmith/runtime", ...drivers].sort());
      passedAll(project.testOutput);
      expect(project.listing.tools.map((tool) => tool.name)).toContain("query");
      expect(project.queried).toMatchObject({ rows: SQL[engine].rows });
    },
  );
});

describe.each(["pnpm", "yarn", "bun"] as const)("%s create mcpsmith", (pm) => {
  it("creates a project that installs with it, builds, passes its tests and lists", {
    timeout: HANG_GUARD,
  }, async () => {
    const project = await flows.get(pm)!;
    const pkg = JSON.parse(readFileSync(join(project.dir, "package.json"), "utf8"));
    expect(pkg.dependencies["@mcpsmith/runtime"]).toMatch(/^\^\d/);
    passedAll(project.testOutput);
    expect(project.listing.tools.map((tool) => tool.name)).toEqual(["greet"]);
  });
});

describe("npx @mcpsmith/cli serve", () => {
  const serve = async (kind: ClientKind, args: string[], env: Record<string, string> = {}) =>
    connectClient(kind, {
      transport: "stdio",
      command: {
        command: "npx",
        args: ["-y", "@mcpsmith/cli", "serve", ...args],
        stderr: "pipe",
        cwd: await npxReady,
        env: { ...published.env, ...env },
      },
    });

  it.runIf(servicesUp).each([
    { engine: "sqlite" as const, kind: "v2 legacy" as const },
    { engine: "postgres" as const, kind: "v2 pinned 2026-07-28" as const },
    { engine: "mysql" as const, kind: "v1" as const },
  ])("db, a $engine database, to the $kind client", { timeout: HANG_GUARD }, async ({ engine, kind }) => {
    const source = { sqlite: chinook, postgres: databases.postgres, mysql: databases.mysql }[engine];
    const client = await serve(kind, ["db", source]);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("query");
      const result = await client.callTool({ name: "query", arguments: { sql: SQL[engine].sql } });
      expect(result.isError, client.stderr()).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ rows: SQL[engine].rows });
    } finally {
      await client.close();
    }
  });

  it("openapi, a document, to the v2 auto client", { timeout: HANG_GUARD }, async () => {
    const client = await serve("v2 auto", ["openapi", PETSTORE, "--base-url", upstream.url], {
      PETSTORE_API_KEY: "from-the-host",
    });
    try {
      const result = await client.callTool({ name: "getPetById", arguments: { petId: 7 } });
      expect(result.isError, client.stderr()).toBeFalsy();
      expect(result.structuredContent).toEqual({ id: 7, name: "Rex", photoUrls: [] });
      expect(upstream.last().headers.api_key).toBe("from-the-host");
    } finally {
      await client.close();
    }
  });
});

describe("npx @mcpsmith/cli serve --mode code", () => {
  it("openapi, a script that calls the API in the installed QuickJS sandbox, to the v2 pinned client", {
    timeout: HANG_GUARD,
  }, async () => {
    const client = await connectClient("v2 pinned 2026-07-28", {
      transport: "stdio",
      command: {
        command: "npx",
        args: ["-y", "@mcpsmith/cli", "serve", "openapi", PETSTORE, "--base-url", upstream.url, "--mode", "code"],
        stderr: "pipe",
        cwd: await npxReady,
        env: { ...published.env, PETSTORE_API_KEY: "from-the-host" },
      },
    });
    try {
      const result = await client.callTool({
        name: "execute",
        arguments: { code: "const pet: { name: string } = await api.getPetById({ petId: 7 });\nreturn pet.name" },
      });
      expect(result.isError, client.stderr()).toBeFalsy();
      expect(result.structuredContent).toEqual({ result: "Rex", logs: [] });
      expect(upstream.last().headers.api_key).toBe("from-the-host");
    } finally {
      await client.close();
    }
  });
});

describe("npx @mcpsmith/cli serve --ui", () => {
  it("serves the dev page's files from the installed package", { timeout: HANG_GUARD }, async () => {
    const session = await startWithPage(
      "npx",
      ["-y", "@mcpsmith/cli", "serve", "openapi", PETSTORE, "--base-url", upstream.url, "--http", "0", "--ui"],
      { cwd: await npxReady, env: published.env },
    );
    try {
      const files = { "": "text/html", "app.js": "text/javascript", "app.css": "text/css" };
      for (const [file, type] of Object.entries(files)) {
        const response = await fetch(new URL(file, session.page));
        expect(response.status, file).toBe(200);
        expect(response.headers.get("content-type")).toContain(type);
        expect((await response.text()).length).toBeGreaterThan(300);
      }
      // The page's own event stream starts with the state: the catalogue of the server the CLI runs.
      const events = await fetch(new URL("api/events", session.page));
      const reader = events.body!.getReader();
      let text = "";
      while (!text.includes("\n\n")) text += new TextDecoder().decode((await reader.read()).value);
      await reader.cancel();
      expect(JSON.parse(text.slice("data: ".length)).type).toBe("state");
    } finally {
      await session.stop();
    }
  });
});

describe("the packed runtime in a Worker", () => {
  it("bundles with wrangler, every entry point imported, where no optional package is installed", {
    timeout: HANG_GUARD,
  }, async () => {
    const { dir, installed, output } = await workerBundled;
    for (const optional of ["ioredis", "pg", "mysql2", "better-sqlite3", "node-sql-parser"]) {
      expect(installed, `${optional} is installed`).not.toContain(optional);
    }
    expect(output).toMatch(/Total Upload/);
    // QuickJS rides along as a module of its own, beside the bundle.
    expect(readdirSync(join(dir, "dist")).filter((file) => file.endsWith("-quickjs.wasm"))).toHaveLength(1);
  });
});

/**
 * `npm install @mcpsmith/runtime` in an empty folder (its optional peers stay out), a Worker importing the root
 * entry, and `wrangler deploy --dry-run`, which bundles it with esbuild as a deploy would.
 */
async function bundleWorker() {
  const dir = published.folder("worker");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "worker", private: true, type: "module" }));
  await published.run("npm", ["install", "@mcpsmith/runtime", "zod@4.6.7"], dir);
  writeFileSync(
    join(dir, "worker.js"),
    [
      'import { server, toFetchHandler } from "@mcpsmith/runtime";',
      // Every entry a Worker may use: none may lead the bundler to a package that is not installed.
      ...["http", "discovery", "auth", "sql", "redis"].map((entry) => `import "@mcpsmith/runtime/${entry}";`),
      // Code mode, with QuickJS's WebAssembly imported as a Worker must: a file missing from the package fails here.
      'import { codeMode } from "@mcpsmith/runtime/code-mode";',
      'import wasm from "@mcpsmith/runtime/code-mode/quickjs.wasm";',
      'import { z } from "zod";',
      'const app = server({ name: "worker", version: "1.0.0" })',
      '  .tool("echo", { input: z.object({ text: z.string() }) }, ({ text }) => text);',
      "const endpoint = toFetchHandler(codeMode(app, { wasmModule: wasm }));",
      "export default { fetch: (request) => endpoint.fetch(request) };",
      "",
    ].join("\n"),
  );
  writeFileSync(
    join(dir, "wrangler.toml"),
    'name = "worker"\nmain = "worker.js"\ncompatibility_date = "2026-04-01"\ncompatibility_flags = ["nodejs_compat"]\n',
  );
  const wrangler = join(ROOT, "node_modules/.bin/wrangler");
  const bundled = await published.run(wrangler, ["deploy", "--dry-run", "--outdir", "dist"], dir, {
    WRANGLER_SEND_METRICS: "false",
  });
  return { dir, installed: packagesUnder(join(dir, "node_modules")), output: bundled.output };
}

/** The names of every package installed under a node_modules folder, nested ones included. */
function packagesUnder(nodeModules: string): string[] {
  return readdirSync(nodeModules, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith("package.json"))
    .map((path) => /(?:^|node_modules\/)((?:@[^/]+\/)?[^/@][^/]*)\/package\.json$/.exec(path)?.[1])
    .filter((name): name is string => name !== undefined);
}

/** Serves one file at http://127.0.0.1:PORT/<its name>, as a document published at a URL. */
async function serveFile(path: string): Promise<{ url: string; close(): Promise<void> }> {
  const name = path.split("/").pop()!;
  const body = readFileSync(path);
  const server = createServer((request, response) => {
    if (request.url === `/${name}`) response.writeHead(200, { "content-type": "application/yaml" }).end(body);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/${name}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
