// `mcpsmith new` at a real terminal: the built bin runs in a pseudo-terminal (python3's pty module) and the test
// answers its questions with keystrokes, as a person would.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../test-support.js";

const BIN = `${REPO_ROOT}packages/cli/dist/bin.js`;
const DRIVER = `${REPO_ROOT}packages/cli/src/pty-driver.py`;
const DOWN = "\u001b[B";
const RIGHT = "\u001b[C";
const ENTER = "\r";
const CTRL_C = "\u0003";

let parent: string;
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), "mcpsmith-new-tty-"));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

/** Runs `mcpsmith <args>` in a pseudo-terminal, sending each step's keys once its text has appeared. */
function inTerminal(args: string[], steps: [string, string][]): Promise<{ code: number | null; transcript: string }> {
  const env: Record<string, string | undefined> = { ...process.env, TERM: "xterm-256color", CI: undefined };
  delete env.npm_config_user_agent;
  const child = spawn("python3", [DRIVER, JSON.stringify(steps), "--", process.execPath, BIN, ...args], {
    cwd: parent,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let transcript = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    transcript += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    transcript += chunk;
  });
  // The transcript without colour and cursor movements, as a person would read it.
  const plain = () => stripVTControlCharacters(transcript);
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, transcript: plain() })));
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
