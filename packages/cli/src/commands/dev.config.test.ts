// `mcpsmith dev` in a folder with mcpsmith.config.json: the built bin serves the config and restarts when the config
// or a source changes; the official client sees each new server on the same URL.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { count, exited, REPO_ROOT, stop, watchText } from "../test-support.js";

const BIN = `${REPO_ROOT}packages/cli/dist/bin.js`;

/** A module whose default export is a plain model answering `which` (no package to resolve). */
const module = (answer: string) =>
  `export default { info: { name: "m", version: "1.0.0" }, tools: [{ name: "which", description: "Which build answers.", handler: () => ${JSON.stringify(answer)} }], resources: [], resourceTemplates: [], prompts: [], options: {} };\n`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mcpsmith-dev-config-"));
  mkdirSync(join(dir, "lib"));
  writeFileSync(join(dir, "lib/tools.mjs"), module("first"));
  writeFileSync(
    join(dir, "mcpsmith.config.json"),
    JSON.stringify({ name: "devs", sources: { lib: { module: "./lib/tools.mjs" } } }),
  );
});
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  rmSync(dir, { recursive: true, force: true });
});

async function call(url: string, name: string): Promise<unknown> {
  const client = new Client({ name: "dev-config-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    const result = await client.callTool({ name, arguments: {} });
    return (result.content as { text?: string }[])[0]?.text;
  } finally {
    await client.close();
  }
}

describe("mcpsmith dev with a config", { timeout: 120_000 }, () => {
  it("serves the config and restarts when a source or the config changes", async () => {
    const dev = spawn(process.execPath, [BIN, "dev", "--http", "0"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    cleanups.push(() => stop(dev));
    const log = watchText(dev.stderr!);
    dev.stdout!.resume();
    await log.until((text) => count(text, "listening on") >= 1);
    expect(log.text()).toContain(`[dev] watching ${dir}`);
    const url = /\[dev\] serving (\S+)/.exec(log.text())![1]!;
    expect(await call(url, "lib_which")).toBe("first");

    writeFileSync(join(dir, "lib/tools.mjs"), module("second"));
    await log.until((text) => count(text, "listening on") >= 2);
    expect(await call(url, "lib_which")).toBe("second");

    writeFileSync(
      join(dir, "mcpsmith.config.json"),
      JSON.stringify({ name: "devs", sources: { lib: { module: "./lib/tools.mjs", prefix: "renamed" } } }),
    );
    await log.until((text) => count(text, "listening on") >= 3);
    expect(await call(url, "renamed_which")).toBe("second");

    dev.kill("SIGINT");
    expect(await exited(dev)).toBe(0);
    expect(log.text()).toContain("[dev] stopped");
  });
});
