// Commands that start or reach a server show a spinner on stderr while they wait, only where a person watches:
// at a terminal (a real pseudo-terminal here), never into a pipe, with --json, or when NO_COLOR is set.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { HELLO_ENTRY, REPO_ROOT, runInTerminal } from "../test-support.js";

const BIN = `${REPO_ROOT}packages/cli/dist/bin.js`;
/** examples/hello, started a second late: long enough for the spinner to draw frames on any machine. */
const SLOW_HELLO = ["--", "sh", "-c", `sleep 1 && exec "${process.execPath}" "${HELLO_ENTRY}"`];
/** @clack/prompts' spinner frames (unicode terminals, then the ASCII fallback), followed by the message. */
const FRAME = /[◒◐◓◑•oO0] {2}Connecting to sh -c/;

describe("progress while connecting", { timeout: 120_000 }, () => {
  for (const [command, extra, printed] of [
    ["list", ["--era", "legacy"], "Tools (6)"],
    ["call", ["add", "a=2", "b=3", "--era", "legacy"], "5"],
    ["doctor", ["--era", "legacy"], "No problems found"],
  ] as const) {
    it(`${command} draws a spinner on the terminal, then prints its result`, async () => {
      const { code, transcript } = await runInTerminal([command, ...extra, ...SLOW_HELLO], []);
      expect(code, transcript).toBe(0);
      expect(transcript).toMatch(FRAME);
      expect(transcript).toContain(printed);
    });
  }

  it("ends with exit code 1 when Ctrl-C interrupts the wait", async () => {
    const { code, transcript } = await runInTerminal(
      ["list", "--era", "legacy", ...SLOW_HELLO],
      [["Connecting to", "\u0003"]],
    );
    expect(code, transcript).toBe(1);
    expect(transcript).not.toContain("Tools (6)");
  });

  it("draws nothing with --json or NO_COLOR, even at a terminal", async () => {
    const json = await runInTerminal(["list", "--json", "--era", "legacy", ...SLOW_HELLO], []);
    expect(json.code, json.transcript).toBe(0);
    expect(json.transcript).not.toContain("Connecting to");
    expect(JSON.parse(json.transcript).tools).toHaveLength(6);

    const noColor = await runInTerminal(["list", "--era", "legacy", ...SLOW_HELLO], [], { env: { NO_COLOR: "1" } });
    expect(noColor.code, noColor.transcript).toBe(0);
    expect(noColor.transcript).not.toContain("Connecting to");
    expect(noColor.transcript).toContain("Tools (6)");
  });

  it("writes no spinner and no progress line into pipes", () => {
    const env = { ...process.env, TERM: "xterm-256color", CI: "", NO_COLOR: "" };
    const result = spawnSync(process.execPath, [BIN, "list", "--era", "legacy", ...SLOW_HELLO], {
      encoding: "utf8",
      env,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("Tools (6)");
    expect(result.stdout).not.toContain("\u001b[");
  });
});
