// The registry is the one place a command's name and summary are written: `mcpsmith --help` lists them without
// loading any command, and each command's own --help heads with the same summary.
import { describe, expect, it, vi } from "vitest";
import { runCli } from "../test-support.js";
import { COMMANDS } from "./registry.js";

// Heavy modules the commands bring in, recorded when something imports them.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock("handlebars", async (original) => {
  loaded.add("handlebars");
  return await original();
});
vi.mock("@mcpsmith/codegen", async (original) => {
  loaded.add("@mcpsmith/codegen");
  return await original();
});

describe("the command registry", () => {
  it("lists every command with its summary without loading a command's module", async () => {
    const { code, stdout } = await runCli(["--help"]);
    expect(code).toBe(0);
    const rows = stdout.split("\n").map((line) => line.trim().split(/ {2,}/));
    for (const { name, summary } of COMMANDS) expect(rows).toContainEqual([name, summary]);
    expect([...loaded]).toEqual([]);
    // The probe above does see a command's module loading them.
    expect((await runCli(["new", "--help"])).code).toBe(0);
    expect([...loaded].sort()).toEqual(["@mcpsmith/codegen", "handlebars"]);
  });

  it("heads each command's --help with the registry's summary", async () => {
    for (const { name, summary } of COMMANDS) {
      const { stdout } = await runCli([name, "--help"]);
      expect(stdout.split("\n")[0]).toBe(`mcpsmith ${name} — ${summary}`);
    }
  });

  it("names in each summary every kind of source the command's usage takes", async () => {
    const kinds: Record<string, string> = { openapi: "OpenAPI", db: "a database", ts: "TypeScript" };
    for (const entry of COMMANDS) {
      const { usage } = await entry.load();
      const taken = usage.map((line) => line.split(" ")[1] ?? "").filter((kind) => kind in kinds);
      for (const kind of new Set(taken)) expect(entry.summary, `${entry.name} ${kind}`).toContain(kinds[kind]);
    }
  });

  it("gives each loaded command the registry's name and summary", async () => {
    for (const entry of COMMANDS) {
      const command = await entry.load();
      expect({ name: command.name, summary: command.summary }).toEqual({ name: entry.name, summary: entry.summary });
    }
  });
});
