import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Io } from "../../io.js";
import type { RunningServer } from "./restarter.js";
import { serverLauncher } from "./server-process.js";

const project = mkdtempSync(join(tmpdir(), "mcpsmith-dev-key-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));
// A server that says which requestState key it was given, and exits.
const entry = join(project, "main.js");
writeFileSync(entry, "console.log(process.env.MCPSMITH_STATE_KEY ?? '');\n");

/** The key each of `count` servers started one after another, as a restart does, was given. */
async function keysOfRestarts(env: Io["env"], count: number): Promise<string[]> {
  const io: Io = { stdout: { write: () => true }, stderr: { write: () => true }, stdinIsTTY: false, env, cwd: project };
  const keys: string[] = [];
  let said = () => {};
  const launch = serverLauncher({
    entry,
    project,
    io,
    port: 0,
    onLine: (line) => {
      keys.push(line);
      said();
    },
    log: () => {},
  });
  for (let i = 0; i < count; i++) {
    // Each server ends before the next starts, as in a restart; its line may come before or after its exit.
    const line = new Promise<void>((resolve) => {
      said = resolve;
    });
    const exited = new Promise<void>((resolve) => {
      const server: RunningServer | undefined = launch(() => resolve());
      expect(server).toBeDefined();
    });
    await Promise.all([line, exited]);
  }
  return keys;
}

describe("the servers of a dev session", () => {
  it("sign requestState with one key made for the session, so no restart warns of a random key", async () => {
    const keys = await keysOfRestarts({}, 3);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(Buffer.from(keys[0]!, "base64url").byteLength).toBe(32);
    // Another session, another key.
    expect(await keysOfRestarts({}, 1)).not.toEqual([keys[0]]);
  });

  it("keep the key the environment sets", async () => {
    const key = "k".repeat(40);
    expect(await keysOfRestarts({ MCPSMITH_STATE_KEY: key }, 2)).toEqual([key, key]);
  });
});
