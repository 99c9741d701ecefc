import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPO_ROOT, runCli } from "../test-support.js";

let parent: string;
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), "mcpsmith-new-"));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

const quiet = ["--no-install", "--no-git"];

describe("mcpsmith new", () => {
  it("writes a blank stdio project without prompting", async () => {
    // Not launched by a package manager (`pnpm test` sets the user agent), so npm is the default.
    const env = { ...process.env, npm_config_user_agent: undefined };
    const { code, stdout, stderr } = await runCli(["new", "weather", ...quiet], { cwd: parent, env });
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain(`Created weather in ${join(parent, "weather")} (blank, stdio, 9 files)`);
    expect(stdout).toMatch(/Next:\n {2}cd weather\n {2}npm install\n {2}npm run build/);
    const manifest = JSON.parse(readFileSync(join(parent, "weather/package.json"), "utf8"));
    expect(manifest.name).toBe("weather");
    expect(readdirSync(parent)).toEqual(["weather"]);
  });

  it("takes --transport, --pm and --name", async () => {
    const args = ["new", "svc", "--transport", "http", "--pm", "pnpm", "--name", "@acme/svc", ...quiet];
    const { code } = await runCli(args, { cwd: parent });
    expect(code).toBe(0);
    expect(readFileSync(join(parent, "svc/src/main.ts"), "utf8")).toContain(
      '  name: "svc",\n  version: "0.1.0",\n  http: {},',
    );
    const manifest = JSON.parse(readFileSync(join(parent, "svc/package.json"), "utf8"));
    expect(manifest.name).toBe("@acme/svc");
    expect(manifest.pnpm.overrides.vite).toBe("7.3.8");
  });

  it("uses ./my-mcp-server with --yes and runs git init", async () => {
    const { code } = await runCli(["new", "--yes", "--no-install"], { cwd: parent });
    expect(code).toBe(0);
    expect(existsSync(join(parent, "my-mcp-server/.gitignore"))).toBe(true);
    expect(existsSync(join(parent, "my-mcp-server/.git"))).toBe(true);
  });

  it("asks for a folder (naming --yes) instead of prompting without a terminal", async () => {
    const { code, stderr } = await runCli(["new", ...quiet], { cwd: parent });
    expect(code).toBe(1);
    expect(stderr).toContain("Say where to create the project");
    expect(stderr).toContain("--yes");
  });

  it("lists the templates when the one asked for does not exist, and writes nothing", async () => {
    const { code, stderr } = await runCli(["new", "x", "--template", "fancy", ...quiet], { cwd: parent });
    expect(code).toBe(1);
    expect(stderr).toContain('E_TEMPLATE_UNKNOWN There is no template "fancy". Available templates:');
    expect(stderr).toContain("blank");
    expect(readdirSync(parent)).toEqual([]);
  });

  it("names today's templates for a generator template that is not in this version, even with --from", async () => {
    for (const template of ["graphql"]) {
      const { code, stderr } = await runCli(["new", "x", "--template", template, "--from", "spec.yaml", ...quiet], {
        cwd: parent,
      });
      expect(code).toBe(1);
      expect(stderr).toContain(`E_TEMPLATE_UNKNOWN There is no template "${template}". Available templates:`);
      expect(stderr).toMatch(/^ {2}blank {2}A decorated server/m);
    }
    expect(readdirSync(parent)).toEqual([]);
  });

  it("refuses --from for a template that starts from nothing, and writes nothing", async () => {
    const { code, stderr } = await runCli(["new", "x", "--from", "spec.yaml", ...quiet], { cwd: parent });
    expect(code).toBe(1);
    expect(stderr).toContain("E_USAGE The blank template starts from nothing, so it takes no --from.");
    expect(stderr).toContain("Drop --from");
    expect(readdirSync(parent)).toEqual([]);
  });

  it("refuses a folder that is not empty and leaves it alone", async () => {
    mkdirSync(join(parent, "taken"));
    writeFileSync(join(parent, "taken/notes.txt"), "mine");
    const { code, stderr } = await runCli(["new", "taken", ...quiet], { cwd: parent });
    expect(code).toBe(1);
    expect(stderr).toContain("E_DIR_NOT_EMPTY");
    expect(stderr).toContain("Choose a new folder name");
    expect(readdirSync(join(parent, "taken"))).toEqual(["notes.txt"]);
    expect(readdirSync(parent)).toEqual(["taken"]);
  });

  it("fills an existing empty folder", async () => {
    mkdirSync(join(parent, "empty"));
    const { code } = await runCli(["new", "empty", ...quiet], { cwd: parent });
    expect(code).toBe(0);
    expect(existsSync(join(parent, "empty/src/server.ts"))).toBe(true);
  });

  it("leaves nothing behind when the files cannot be written", async () => {
    writeFileSync(join(parent, "a-file"), "");
    const { code, stderr } = await runCli(["new", "a-file/project", ...quiet], { cwd: parent });
    expect(code).toBe(1);
    expect(stderr).toContain("E_WRITE_FAILED");
    expect(readdirSync(parent)).toEqual(["a-file"]);
  });

  it("rejects an unknown package manager or transport, listing the choices", async () => {
    const pm = await runCli(["new", "x", "--pm", "pip", ...quiet], { cwd: parent });
    expect(pm.code).toBe(1);
    expect(pm.stderr).toContain("--pm must be one of npm, pnpm, yarn, bun");
    const transport = await runCli(["new", "x", "--transport", "sse", ...quiet], { cwd: parent });
    expect(transport.stderr).toContain("--transport must be one of stdio, http");
    expect(readdirSync(parent)).toEqual([]);
  });
});

describe("mcpsmith new --template openapi --from URL", () => {
  it("downloads the document into the project and generates from that copy; a URL that fails leaves nothing", async () => {
    const document = readFileSync(`${REPO_ROOT}examples/petstore/openapi.yaml`, "utf8");
    const server = createServer((request, response) => {
      response.statusCode = request.url === "/specs/petstore.yaml" ? 200 : 404;
      response.end(response.statusCode === 200 ? document : "not here");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const from = ["--template", "openapi", "--from"];
      const made = await runCli(["new", "pets", ...from, `${base}/specs/petstore.yaml`, ...quiet], { cwd: parent });
      expect(made.code, made.stderr).toBe(0);
      expect(readFileSync(join(parent, "pets/petstore.yaml"), "utf8")).toBe(document);
      const recorded = JSON.parse(readFileSync(join(parent, "pets/mcpsmith.json"), "utf8"));
      expect(JSON.stringify(recorded)).toContain('"inputs":["petstore.yaml"]');

      const gone = await runCli(["new", "gone", ...from, `${base}/gone.yaml`, ...quiet], { cwd: parent });
      expect(gone.code).toBe(1);
      expect(gone.stderr).toContain(`E_GENERATE_FAILED Could not download ${base}/gone.yaml: HTTP 404`);
      expect(readdirSync(parent)).toEqual(["pets"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("mcpsmith new --template database --from FILE.sqlite", () => {
  it("generates a project from the database and records it; a file that is no database leaves nothing", async () => {
    const gzipped = readFileSync(`${REPO_ROOT}examples/chinook-sqlite/chinook.sqlite.gz`);
    writeFileSync(join(parent, "chinook.sqlite"), gunzipSync(gzipped));
    const from = ["--template", "database", "--from"];
    const made = await runCli(["new", "music", ...from, "chinook.sqlite", ...quiet], { cwd: parent });
    expect(made.code, made.stderr).toBe(0);
    const generated = readdirSync(join(parent, "music/src/generated")).sort();
    expect(generated).toEqual(expect.arrayContaining(["database.ts", "index.ts", "tools.test.ts"]));
    expect(readFileSync(join(parent, "music/src/generated/database.ts"), "utf8")).toContain('"InvoiceLine"');
    const recorded = JSON.parse(readFileSync(join(parent, "music/mcpsmith.json"), "utf8"));
    expect(recorded.generate).toEqual([{ kind: "db", inputs: ["../chinook.sqlite"], options: { out: "." } }]);

    const broken = await runCli(["new", "broken", ...from, "missing.sqlite", ...quiet], { cwd: parent });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("E_GENERATE_FAILED E_DATABASE_UNREACHABLE");
    expect(broken.stderr).toContain("nothing was created");
    expect(readdirSync(parent).sort()).toEqual(["chinook.sqlite", "music"]);
  });
});

describe("mcpsmith new --template database --from FILE.sql --dialect NAME", () => {
  it("reads the DDL file in that dialect and records the dialect for regeneration; no dialect, no project", async () => {
    writeFileSync(
      join(parent, "library.sql"),
      [
        "CREATE TABLE author (id INT PRIMARY KEY, name VARCHAR(80) NOT NULL);",
        "CREATE TABLE book (id INT PRIMARY KEY, author_id INT NOT NULL, title VARCHAR(200),",
        "  FOREIGN KEY (author_id) REFERENCES author (id));",
      ].join("\n"),
    );
    const from = ["--template", "database", "--from", "library.sql"];
    const made = await runCli(["new", "library", ...from, "--dialect", "mysql", ...quiet], { cwd: parent });
    expect(made.code, made.stderr).toBe(0);
    const database = readFileSync(join(parent, "library/src/generated/database.ts"), "utf8");
    expect(database).toContain('dialect: "mysql"');
    expect(database).toContain('name: "book"');
    const recorded = JSON.parse(readFileSync(join(parent, "library/mcpsmith.json"), "utf8"));
    expect(recorded.generate).toEqual([
      { kind: "db", inputs: ["../library.sql"], options: { dialect: "mysql", out: "." } },
    ]);

    const undialected = await runCli(["new", "nodialect", ...from, ...quiet], { cwd: parent });
    expect(undialected.code).toBe(1);
    expect(undialected.stderr).toContain("a DDL file needs a dialect (postgres, mysql or sqlite: --dialect)");
    const elsewhere = await runCli(["new", "blank", "--template", "blank", "--dialect", "mysql", ...quiet], {
      cwd: parent,
    });
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain("The blank template takes no --dialect");
    expect(readdirSync(parent).sort()).toEqual(["library", "library.sql"]);
  });
});
