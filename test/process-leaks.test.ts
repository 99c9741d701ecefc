// The end-of-run check (test/support/process-leaks.ts, vitest's globalSetup) finds what a test leaves running.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { awaitLeftovers, leftBehind, MARKER, pidsAlive } from "./support/process-leaks.js";

const IDLE = ["-e", "setInterval(() => {}, 1000)"];
const marker = `${MARKER}=${process.env[MARKER]}`;
/** A root no process descends from, so only the marker and the folder find the orphans. */
const NO_ROOT = -1;

describe.skipIf(!existsSync("/proc/self/stat"))("the check for processes left running", () => {
  it("finds an orphan by the run's marker, and one without it by its deleted folder, until they exit", async () => {
    const before = pidsAlive();
    const marked = spawn(process.execPath, IDLE, { detached: true, stdio: "ignore" });
    const folder = mkdtempSync(join(tmpdir(), "mcpsmith-leak-check-"));
    const bare = spawn(process.execPath, IDLE, { cwd: folder, env: { PATH: process.env.PATH }, stdio: "ignore" });
    // Tests running beside this one start processes carrying the same marker: only these two are looked at.
    const ours = () => leftBehind(before, marker, NO_ROOT).filter(({ pid }) => pid === marked.pid || pid === bare.pid);
    try {
      expect(ours().map(({ pid }) => pid)).toEqual([marked.pid]);
      rmSync(folder, { recursive: true });
      const found = ours();
      expect(found.map(({ pid }) => pid).sort()).toEqual([marked.pid, bare.pid].sort());
      expect(found.find(({ pid }) => pid === bare.pid)?.cwd).toBe(`${folder} (deleted)`);
      expect(found[0]?.command).toContain("setInterval");
    } finally {
      marked.kill("SIGKILL");
      bare.kill("SIGKILL");
      rmSync(folder, { recursive: true, force: true });
    }
    expect(await awaitLeftovers(ours, 5_000)).toEqual([]);
  });

  it("finds a descendant of the root whatever its environment", () => {
    const before = pidsAlive();
    const child = spawn(process.execPath, IDLE, { env: { PATH: process.env.PATH }, stdio: "ignore" });
    try {
      expect(leftBehind(before, marker).map(({ pid }) => pid)).toContain(child.pid);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("gives up waiting after the grace period and returns what is still there", async () => {
    const leftover = { pid: 1, command: "stuck", cwd: "/" };
    const started = Date.now();
    expect(await awaitLeftovers(() => [leftover], 300)).toEqual([leftover]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });
});
