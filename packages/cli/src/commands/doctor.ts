import { CHARS_PER_TOKEN, CLIENT_TOOL_LIMITS } from "@mcpsmith/codegen";
import type { CommandDefinition } from "../args/command.js";
import { booleanOption } from "../args/parse.js";
import { CONNECTION_OPTIONS, singleTarget, withConnection } from "../client/connection-options.js";
import {
  checkTools,
  type Finding,
  type Report,
  SAFE_TOOL_NAME,
  SCHEMA_TOKEN_WARNING,
  TOOL_LIST_TOKEN_WARNING,
} from "../doctor/checks.js";
import { fetchRawTools } from "../doctor/fetch-tools.js";
import { formatSourceFigures, sourceFigures } from "../doctor/sources.js";
import { type Style, styleFor } from "../format/style.js";
import { plural } from "../text.js";

/** Findings of one check shown one by one before the rest are summed up (--json lists them all). */
const SHOWN_PER_CHECK = 8;

export const command: CommandDefinition = {
  usage: ["doctor [target] [options]", "doctor [options] -- <command> [args...]"],
  details: [
    "Connects as a client, reads the raw tools/list and reports, each with a severity and what to do:",
    `  - tool names outside ${SAFE_TOOL_NAME.source}, and which hosts reject them`,
    `  - duplicate names; more tools than Cursor (${CLIENT_TOOL_LIMITS.cursor}), Windsurf (${CLIENT_TOOL_LIMITS.windsurf}) or VS Code (${CLIENT_TOOL_LIMITS.vscode}) take`,
    `  - tools/list above ${TOOL_LIST_TOKEN_WARNING.toLocaleString("en-US")} tokens (estimate: JSON characters / ${CHARS_PER_TOKEN})`,
    `  - missing descriptions, input schemas that are not objects, schemas above ${SCHEMA_TOKEN_WARNING.toLocaleString("en-US")} tokens`,
    "With a config (mcpsmith.config.*, or --config), also the tools and tokens of each source.",
    "Exit code 1 when there are errors (warnings alone exit 0).",
    "The target is `-- command args` (stdio), `--url URL` (HTTP), a built .js entry, or a project folder.",
  ].join("\n"),
  options: {
    ...CONNECTION_OPTIONS,
    json: { type: "boolean", description: "Print the report as JSON" },
  },
  examples: [
    "mcpsmith doctor",
    "mcpsmith doctor -- node dist/main.js",
    "mcpsmith doctor --url http://127.0.0.1:3000/mcp --json",
    "# in CI: fail the build on errors",
    "mcpsmith doctor dist/main.js --era legacy",
  ],
  async run(args, io) {
    const target = await singleTarget(args, io, "doctor");
    const { server, tools } = await withConnection(
      args,
      io,
      "doctor",
      target,
      async (connection, { timeoutMs, say }) => {
        say(`Reading the tools of ${target.label}`);
        const tools = await fetchRawTools(connection, timeoutMs);
        const info = connection.client.getServerVersion();
        const server = {
          name: info?.name ?? "(unnamed server)",
          version: info?.version ?? "",
          protocolVersion: connection.client.getNegotiatedProtocolVersion(),
          target: target.label,
        };
        return { server, tools };
      },
    );
    const report = checkTools(tools);
    const sources = target.kind === "stdio" && target.config ? await sourceFigures(target.config, io) : undefined;
    const style = styleFor(io.stdout, io.env);
    io.stdout.write(
      booleanOption(args, "json", false)
        ? `${JSON.stringify({ server, ...(sources && { sources }), ...report }, null, 2)}\n`
        : formatReport(server, report, style, sources && formatSourceFigures(sources, style)),
    );
    return report.errors > 0 ? 1 : 0;
  },
};

function formatReport(
  server: { name: string; version: string; protocolVersion: string | undefined; target: string },
  report: Report,
  style: Style,
  sources: string[] = [],
): string {
  const lines = [
    `${style.bold(`${server.name} ${server.version}`.trim())} · protocol ${server.protocolVersion ?? "?"} · ${server.target}`,
    `${plural(report.tools, "tool")} · tools/list ≈ ${report.toolListTokens.toLocaleString("en-US")} tokens`,
    "",
    ...sources,
  ];
  const byCheck = new Map<string, Finding[]>();
  for (const finding of [...report.findings].sort((a, b) => rank(a) - rank(b))) {
    byCheck.set(finding.check, [...(byCheck.get(finding.check) ?? []), finding]);
  }
  for (const findings of byCheck.values()) {
    for (const finding of findings.slice(0, SHOWN_PER_CHECK)) {
      const label = finding.severity === "error" ? style.red("error  ") : style.yellow("warning");
      lines.push(`${label} ${finding.message}`, `        ${style.dim(`→ ${finding.fix}`)}`);
    }
    if (findings.length > SHOWN_PER_CHECK) {
      const more = findings.slice(SHOWN_PER_CHECK);
      lines.push(
        `        … and ${more.length} more (${more.map((finding) => finding.tool).join(", ")}); --json lists each`,
      );
    }
  }
  if (report.findings.length === 0) lines.push(style.green("No problems found: every host should take this server."));
  else lines.push("", `${plural(report.errors, "error")}, ${plural(report.warnings, "warning")}`);
  return `${lines.join("\n")}\n`;
}

function rank(finding: Finding): number {
  return finding.severity === "error" ? 0 : 1;
}
