// `mcpsmith new` at a real terminal: the built bin runs in a pseudo-terminal (python3's pty module) and the test
// answers its questions with keystrokes, as a person would.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPO_ROOT, runInTerminal } from "../test-support.js";

const DOWN = "\u001b[B";
const RIGHT = "\u001b[C";
const ENTER = "\r";
const CTRL_C = "\u0003";

let parent: string;
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), "mcpsmith-new-tty-"));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

function inTerminal(args: string[], steps: [string, string][]) {
  return runInTerminal(args, steps, { cwd: parent });
}

describe("mcpsmith new at a terminal", { timeout: 120_000 }, () => {
  it("asks what the flags did not say and writes the project with the answers", async () => {
    const { code, transcript } = await inTerminal(
      ["new", "--no-install"],
      [
        ["Project folder", `weather-bot${ENTER}`],
        ["Template", ENTER],
        ["Transport", `${DOWN}${ENTER}`],
        ["Package manager", `${DOWN}${ENTER}`],
        ["git repository?", `${RIGHT}${ENTER}`],
      ],
    );
    expect(code, transcript).toBe(0);
    // --no-install answered that question in advance.
    expect(transcript).not.toContain("Install dependencies now?");
    expect(transcript).toContain("Created weather-bot");
    const project = join(parent, "weather-bot");
    const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8"));
    expect(manifest.name).toBe("weather-bot");
    expect(manifest.pnpm).toBeDefined();
    expect(readFileSync(join(project, "src/main.ts"), "utf8")).toContain("http: {}");
    expect(existsSync(join(project, ".git"))).toBe(false);
    expect(existsSync(join(project, "node_modules"))).toBe(false);
  });

  it("asks for the openapi template's document, showing what is wrong and asking again until it reads", async () => {
    writeFileSync(join(parent, "notes.yaml"), "title: not an API\n");
    // The whole question: the template list's hint for openapi says "OpenAPI or Swagger document" too, and keys
    // sent when that hint shows arrive between the two prompts, where the terminal is not yet raw.
    const question = "OpenAPI or Swagger document (a file, or an http(s) URL)";
    const { code, transcript } = await inTerminal(
      ["new", "--no-install", "--no-git", "--pm", "npm", "--transport", "stdio"],
      [
        ["Project folder", `pets${ENTER}`],
        ["Template", `${DOWN}${DOWN}${ENTER}`],
        [question, `missing.yaml${ENTER}`],
        [`There is no file at ${join(parent, "missing.yaml")}.`, ""],
        [question, `notes.yaml${ENTER}`],
        ["no openapi or swagger field", ""],
        [question, `${REPO_ROOT}examples/petstore/openapi.yaml${ENTER}`],
      ],
    );
    expect(code, transcript).toBe(0);
    expect(transcript).toContain("Created pets");
    const recorded = JSON.parse(readFileSync(join(parent, "pets/mcpsmith.json"), "utf8"));
    expect(JSON.stringify(recorded)).toContain("examples/petstore/openapi.yaml");
    expect(existsSync(join(parent, "pets/src/generated"))).toBe(true);
  });

  it("asks for the dialect of the database template's .sql file, once the file is there, and not the file again", async () => {
    writeFileSync(join(parent, "shop.sql"), "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n");
    const question = "Database (postgres://";
    const { code, transcript } = await inTerminal(
      ["new", "--no-install", "--no-git", "--pm", "npm", "--transport", "stdio", "--template", "database"],
      [
        ["Project folder", `shop${ENTER}`],
        [question, `missing.sql${ENTER}`],
        [`There is no file at ${join(parent, "missing.sql")}.`, ""],
        [question, `shop.sql${ENTER}`],
        ["Dialect of shop.sql", `${DOWN}${DOWN}${ENTER}`],
      ],
    );
    expect(code, transcript).toBe(0);
    expect(transcript).toContain("Created shop");
    expect(transcript).not.toMatch(/needs a dialect/);
    const recorded = JSON.parse(readFileSync(join(parent, "shop/mcpsmith.json"), "utf8"));
    expect(recorded.generate[0].options).toMatchObject({ dialect: "sqlite" });
    expect(readdirSync(join(parent, "shop/src/generated")).sort()).toContain("database.ts");
  });

  it("installs when the answer is yes, with a spinner while it runs", async () => {
    const { code, transcript } = await inTerminal(
      ["new", "--local", "--pm", "pnpm", "--template", "blank", "--transport", "stdio", "--no-git"],
      [
        ["Project folder", `spun${ENTER}`],
        ["Install dependencies now?", ENTER],
      ],
    );
    expect(code, transcript).toBe(0);
    expect(transcript).toContain("Installing dependencies: pnpm install");
    expect(transcript).toContain("Dependencies installed");
    expect(existsSync(join(parent, "spun/node_modules/@mcpsmith/runtime"))).toBe(true);
  });

  it("asks nothing when the flags answer everything", async () => {
    const { code, transcript } = await inTerminal(
      ["new", "quiet", "--template", "blank", "--transport", "stdio", "--pm", "npm", "--no-git", "--no-install"],
      [],
    );
    expect(code, transcript).toBe(0);
    expect(transcript).not.toContain("Transport");
    expect(readdirSync(parent)).toEqual(["quiet"]);
  });

  it("cancels on Ctrl-C and writes nothing", async () => {
    const { code, transcript } = await inTerminal(
      ["new", "--no-install"],
      [
        ["Project folder", `half-done${ENTER}`],
        ["Template", ENTER],
        ["Transport", CTRL_C],
      ],
    );
    expect(code, transcript).toBe(1);
    expect(transcript).toContain("Cancelled; nothing was written.");
    expect(readdirSync(parent)).toEqual([]);
  });
});
