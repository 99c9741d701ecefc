import { describe, expect, it } from "vitest";
import { HELLO_STDIO, REPO_ROOT, runCli, startHelloHttp } from "../test-support.js";

const RAW = ["--", process.execPath, `${REPO_ROOT}packages/cli/fixtures/doctor-raw-server.mjs`];
const RUNTIME = ["--", process.execPath, `${REPO_ROOT}packages/cli/fixtures/doctor-runtime-server.mjs`];

interface JsonReport {
  server: { name: string };
  tools: number;
  toolListTokens: number;
  errors: number;
  warnings: number;
  findings: { severity: string; check: string; tool?: string; message: string; fix: string }[];
}

describe("mcpsmith doctor", () => {
  it.each(["legacy", "2026-07-28"])("finds nothing wrong with examples/hello (--era %s)", async (era) => {
    const { code, stdout, stderr } = await runCli(["doctor", "--era", era, ...HELLO_STDIO]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain("hello 1.0.0");
    expect(stdout).toMatch(/6 tools · tools\/list ≈ \d+ tokens/);
    expect(stdout).toContain("No problems found");
  });

  it("reports bad names, duplicates, schemas and 150 tools from a raw JSON-RPC server, and exits 1", async () => {
    const { code, stdout } = await runCli(["doctor", "--era", "legacy", ...RAW]);
    expect(code).toBe(1);
    expect(stdout).toContain("150 tools");
    expect(stdout).toContain('error   "repos.list" contains ".": Claude Desktop and Claude Code');
    expect(stdout).toContain("VS Code/Copilot (which rejects dots) reject it");
    expect(stdout).toContain('e.g. "repos_list"');
    expect(stdout).toContain('"get weather" is not a valid MCP tool name');
    expect(stdout).toContain('More than one tool is named "search"');
    expect(stdout).toContain('"scalar_input" has an input schema whose root is of type "string"');
    expect(stdout).toContain(
      "150 tools: VS Code/Copilot refuses more than 128; Windsurf takes 50; Cursor uses the first 40.",
    );
    expect(stdout).toContain('warning "1st_result" starts with "1"; Gemini-backed hosts');
    expect(stdout).toContain('"undocumented" has no description');
    expect(stdout).toMatch(/"huge_schema" has an input schema of ≈[\d,]+ tokens \(more than 2,000\)/);
    expect(stdout).toContain("6 errors, 4 warnings");
  });

  it("prints the whole report as JSON, with every page of tools", async () => {
    const { code, stdout } = await runCli(["doctor", "--json", ...RAW]);
    expect(code).toBe(1);
    const report: JsonReport = JSON.parse(stdout);
    expect(report.server.name).toBe("doctor-raw");
    expect(report.tools).toBe(150);
    expect(report.toolListTokens).toBeGreaterThan(1000);
    const checks = report.findings.map((finding) =>
      `${finding.severity} ${finding.check} ${finding.tool ?? ""}`.trim(),
    );
    expect(checks.sort()).toEqual(
      [
        "error name-unsafe repos.list",
        "error name-invalid get weather",
        "warning name-start 1st_result",
        `error name-unsafe a${"very_long_name".repeat(5)}`,
        "error name-duplicate search",
        "warning name-case-duplicate search_ALL",
        "warning description-missing undocumented",
        "error schema-not-object scalar_input",
        "warning schema-huge huge_schema",
        "error too-many-tools",
      ].sort(),
    );
    expect(report.errors).toBe(6);
    expect(report.warnings).toBe(4);
    for (const finding of report.findings) expect(finding.fix.length).toBeGreaterThan(10);
  });

  it("reports what an mcpsmith server the runtime accepts still trips hosts on", async () => {
    const { code, stdout } = await runCli(["doctor", "--json", ...RUNTIME]);
    expect(code).toBe(1);
    const report: JsonReport = JSON.parse(stdout);
    expect(report.tools).toBe(150);
    expect(report.findings.map((finding) => [finding.check, finding.tool])).toEqual([
      ["name-unsafe", "issues.create"],
      ["name-start", "2fa_enable"],
      ["description-missing", "silent"],
      ["too-many-tools", undefined],
    ]);
  });

  it("checks an HTTP server too", async () => {
    const server = await startHelloHttp();
    try {
      const { code, stdout } = await runCli(["doctor", "--json", "--url", server.url]);
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({ tools: 6, errors: 0, warnings: 0, findings: [] });
    } finally {
      await server.stop();
    }
  });

  it("fails like list does when the server cannot be reached", async () => {
    const { code, stderr } = await runCli(["doctor", "--", "mcpsmith-no-such-server"]);
    expect(code).toBe(1);
    expect(stderr).toContain("E_SERVER_START");
  });
});
