import { safeToolName } from "@mcpsmith/codegen";
import { TOOL_NAME } from "@mcpsmith/runtime/internal";
import { describe, expect, it } from "vitest";
import { checkTools, SCHEMA_TOKEN_WARNING, TOOL_LIST_TOKEN_WARNING } from "./checks.js";

const tool = (name: string, extra: object = {}) => ({
  name,
  description: `Does ${name}`,
  inputSchema: { type: "object", properties: {} },
  ...extra,
});
const many = (count: number) => Array.from({ length: count }, (_, i) => tool(`t${i}`));

describe("checkTools", () => {
  it("accepts safe names and a small list", () => {
    const report = checkTools([tool("add"), tool("_private"), tool("get-weather"), tool("A".repeat(40))]);
    expect(report.findings).toEqual([]);
    expect(report.errors).toBe(0);
  });

  it.each([
    [40, undefined],
    [41, "warning"],
    [51, "warning"],
    [128, "warning"],
    [129, "error"],
  ])("grades %i tools", (count, severity) => {
    const finding = checkTools(many(count)).findings.find((candidate) => candidate.check === "too-many-tools");
    expect(finding?.severity).toBe(severity);
    if (count > 50) expect(finding?.message).toContain("Windsurf takes 50");
    if (count === 41) expect(finding?.message).toBe("41 tools: Cursor uses the first 40.");
  });

  it("warns about a long name and a name of 64+ characters is an error", () => {
    expect(checkTools([tool("a".repeat(41))]).findings[0]).toMatchObject({ severity: "warning", check: "name-long" });
    expect(checkTools([tool("a".repeat(65))]).findings[0]).toMatchObject({ severity: "error", check: "name-unsafe" });
    expect(checkTools([tool("-dash")]).findings[0]).toMatchObject({ severity: "warning", check: "name-start" });
  });

  it("flags missing names, missing and non-object schemas", () => {
    const report = checkTools([
      { description: "nameless", inputSchema: {} },
      { name: "none", description: "x" },
      { name: "array", description: "x", inputSchema: { type: "array" } },
      { name: "untyped", description: "x", inputSchema: { properties: {} } },
      "not a tool",
    ]);
    expect(report.findings.map((finding) => `${finding.check} ${finding.tool ?? ""}`.trim())).toEqual([
      "name-missing",
      "schema-not-object none",
      "schema-not-object array",
      "schema-not-object untyped",
      "name-missing",
    ]);
    expect(report.findings[1]!.message).toContain("root is missing");
    expect(report.findings[3]!.message).toContain("without a type");
  });

  it("measures schemas and the whole list against their thresholds", () => {
    const properties = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [`p${i}`, { type: "string", description: "x".repeat(40) }]),
    );
    const big = tool("big", { inputSchema: { type: "object", properties } });
    const report = checkTools([big]);
    expect(report.findings.map((finding) => finding.check)).toEqual(["schema-huge"]);
    expect(report.findings[0]!.message).toContain(`more than ${SCHEMA_TOKEN_WARNING.toLocaleString("en-US")}`);

    const list = checkTools(Array.from({ length: 10 }, (_, i) => ({ ...big, name: `big${i}` })));
    expect(list.toolListTokens).toBeGreaterThan(TOOL_LIST_TOKEN_WARNING);
    expect(list.findings.at(-1)).toMatchObject({ severity: "warning", check: "tool-list-large" });
  });
});

describe("the doctor's names and the generators' names", () => {
  const nameChecks = (name: string) =>
    checkTools([tool(name)])
      .findings.map((finding) => finding.check)
      .filter((check) => check.startsWith("name-") && check !== "name-long");

  const raws = [
    "add",
    "get-weather",
    "_private",
    "GET /repos/{owner}/{repo}",
    "2fa.verify",
    "Überprüfung der Rechnung",
    "users.list",
    "-dash",
    "🙂",
    "x".repeat(65),
    "a.".repeat(70),
  ];

  it("accepts every name a generator makes, which the runtime accepts too", () => {
    for (const raw of raws) {
      const name = safeToolName(raw);
      expect(nameChecks(name), name).toEqual([]);
      expect(TOOL_NAME.test(name), name).toBe(true);
    }
  });

  it("flags exactly the names a generator would change", () => {
    for (const raw of raws) {
      expect(nameChecks(raw).length > 0, raw).toBe(safeToolName(raw) !== raw);
    }
  });
});
