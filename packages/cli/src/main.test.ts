import { describe, expect, it } from "vitest";
import { COMMANDS } from "./commands/registry.js";
import { ERROR_CODES } from "./errors.js";
import { styleFor } from "./format/style.js";
import { runCli } from "./test-support.js";
import { cliVersion } from "./version.js";

describe("mcpsmith", () => {
  it("prints the commands with no arguments and with --help", async () => {
    for (const argv of [[], ["--help"], ["-h"]]) {
      const { code, stdout } = await runCli(argv);
      expect(code).toBe(0);
      for (const command of COMMANDS) expect(stdout).toContain(command.name);
      expect(stdout).toContain("Exit codes");
    }
  });

  it("prints its version", async () => {
    const { code, stdout } = await runCli(["--version"]);
    expect(code).toBe(0);
    expect(stdout).toBe(`${cliVersion()}\n`);
    expect(cliVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("has --help with usage, options and examples on every command", async () => {
    for (const command of COMMANDS) {
      const { code, stdout } = await runCli([command.name, "--help"]);
      expect(code, command.name).toBe(0);
      // The summary is the registry's, the line `mcpsmith --help` lists.
      expect(stdout.split("\n")[0]).toBe(`mcpsmith ${command.name} — ${command.summary}`);
      expect(stdout).toMatch(/Usage[\s\S]*Options[\s\S]*--help[\s\S]*Examples/);
      expect((await runCli(["help", command.name])).stdout).toBe(stdout);
    }
  });

  it("writes no colour codes when output is not a terminal", async () => {
    const { stdout } = await runCli(["list", "--help"]);
    expect(stdout).not.toContain("\u001b[");
  });

  it("colours only a terminal without NO_COLOR", () => {
    const tty = { write: () => {}, isTTY: true };
    expect(styleFor(tty, {}).bold("x")).toBe("\u001b[1mx\u001b[22m");
    expect(styleFor(tty, { NO_COLOR: "1" }).bold("x")).toBe("x");
    expect(styleFor({ write: () => {} }, {}).bold("x")).toBe("x");
  });

  it("names the closest command for a typo and exits 1", async () => {
    const { code, stdout, stderr } = await runCli(["lsit"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain('Unknown command "lsit"');
    expect(stderr).toContain("mcpsmith list");
  });

  it("rejects an unknown option, pointing at the command's help", async () => {
    const { code, stderr } = await runCli(["list", "--colour"]);
    expect(code).toBe(1);
    expect(stderr).toContain("E_USAGE");
    expect(stderr).toContain("--colour");
    expect(stderr).toContain("mcpsmith list --help");
  });

  it("keeps one table of coded errors with their exit codes", () => {
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^E_[A-Z_]+$/);
      expect([1, 2]).toContain(entry.exitCode);
    }
  });
});
