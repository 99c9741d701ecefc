import { CHARS_PER_TOKEN, CLIENT_TOOL_LIMITS } from "@mcpsmith/codegen";
import type { Listing } from "../client/listing.js";
import { plural } from "../text.js";
import { describeProperties, outline } from "./schema.js";
import type { Style } from "./style.js";

/** The human view of `mcpsmith list`. */
export function formatListing(listing: Listing, style: Style): string {
  const { server } = listing;
  const lines = [
    `${style.bold(server.title ?? server.name)} ${server.version} ${style.dim(`· protocol ${server.protocolVersion ?? "?"} · ${server.target}`)}`,
  ];
  if (server.instructions) lines.push(style.dim(server.instructions));

  lines.push("", style.bold(`Tools (${listing.tools.length})`));
  for (const tool of listing.tools) {
    const hints = toolHints(tool.annotations);
    lines.push(
      `  ${style.cyan(tool.name)}${tool.title ? ` — ${tool.title}` : ""}${hints ? `  ${style.dim(hints)}` : ""}`,
    );
    if (tool.description) lines.push(...wrapDescription(tool.description, "    "));
    lines.push(...describeProperties(tool.inputSchema, "    "));
    if (tool.outputSchema) lines.push(style.dim(`    returns ${outline(tool.outputSchema)}`));
  }

  section(lines, style, "Resources", listing.resources, (resource) => [
    `  ${style.cyan(resource.uri)}${resource.mimeType ? `  ${style.dim(resource.mimeType)}` : ""}`,
    ...wrapDescription(resource.description ?? resource.name, "    "),
  ]);
  section(lines, style, "Resource templates", listing.resourceTemplates, (template) => [
    `  ${style.cyan(template.uriTemplate)}${template.mimeType ? `  ${style.dim(template.mimeType)}` : ""}`,
    ...wrapDescription(template.description ?? template.name, "    "),
  ]);
  section(lines, style, "Prompts", listing.prompts, (prompt) => [
    `  ${style.cyan(prompt.name)}${prompt.title ? ` — ${prompt.title}` : ""}`,
    ...wrapDescription(prompt.description ?? "", "    "),
    ...(prompt.arguments ?? []).map(
      (argument) =>
        `    ${argument.name}${argument.required ? " (required)" : ""}${argument.description ? ` — ${argument.description}` : ""}`,
    ),
  ]);

  lines.push("", budgetLine(listing, style));
  return lines.join("\n") + "\n";
}

function section<T>(lines: string[], style: Style, title: string, items: readonly T[], render: (item: T) => string[]) {
  if (items.length === 0) return;
  lines.push("", style.bold(`${title} (${items.length})`));
  for (const item of items) lines.push(...render(item));
}

function budgetLine(listing: Listing, style: Style): string {
  const count = listing.tools.length;
  const line = `tools/list ≈ ${plural(listing.toolListTokens, "token")} for ${plural(count, "tool")} (estimate: JSON characters / ${CHARS_PER_TOKEN})`;
  const over = Object.entries(CLIENT_TOOL_LIMITS)
    .filter(([, limit]) => count > limit)
    .map(([client, limit]) => `${client} takes ${limit}`);
  return (
    style.dim(line) + (over.length ? `\n${style.yellow(`More tools than some hosts take: ${over.join(", ")}.`)}` : "")
  );
}

function toolHints(annotations: Record<string, unknown> | undefined): string {
  if (!annotations) return "";
  const hints: string[] = [];
  if (annotations.readOnlyHint === true) hints.push("read-only");
  if (annotations.destructiveHint === true && annotations.readOnlyHint !== true) hints.push("destructive");
  if (annotations.idempotentHint === true) hints.push("idempotent");
  if (annotations.openWorldHint === true) hints.push("open-world");
  return hints.join(", ");
}

function wrapDescription(text: string, indent: string): string[] {
  return text.trim()
    ? text
        .trim()
        .split("\n")
        .map((line) => `${indent}${line}`)
    : [];
}
