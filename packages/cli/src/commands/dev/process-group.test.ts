import { describe, expect, it } from "vitest";
import { endGroup, spawnGroup } from "./process-group.js";

/** A node process that starts a grandchild, which ignores SIGTERM, prints its pid and idles. */
const GRANDCHILD = "process.on('SIGTERM', () => {}); console.log(process.pid); setInterval(() => {}, 1000)";
const PARENT = `
require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(GRANDCHILD)}], { stdio: "inherit" });
setInterval(() => {}, 1000);
`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(process.platform === "win32")("a child's process group", () => {
  it("ends with the child: a grandchild that ignores SIGTERM is killed once the child has exited", async () => {
    const child = spawnGroup(process.execPath, ["-e", PARENT], { stdio: ["ignore", "pipe", "inherit"] });
    const grandchild = await new Promise<number>((resolve) =>
      child.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    try {
      expect(alive(grandchild)).toBe(true);
      await endGroup(child);
      // The group's SIGKILL follows the leader's exit at once; give the kernel a moment to reap it.
      for (let waited = 0; alive(grandchild) && waited < 2_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(alive(grandchild)).toBe(false);
    } finally {
      if (alive(grandchild)) process.kill(grandchild, "SIGKILL");
    }
  });
});
