import { CLIENT_TOOL_LIMITS, estimateTokens, estimateToolListTokens, type ToolDescriptor } from "@mcpsmith/codegen";
import { checkTools, TOOL_LIST_TOKEN_WARNING } from "../doctor/checks.js";
import { isJsonObject } from "../json.js";
import type { Catalogue, CatalogueTool, DevEvent } from "./model.js";

/** The page's catalogue of a `tools/list`: each tool's token cost, the total against hosts' limits, doctor's findings. */
export function catalogueOf(tools: readonly unknown[], start: number): Catalogue {
  const listed = tools.filter(isJsonObject).map((tool) => tool as unknown as ToolDescriptor);
  return {
    tools: listed.map(catalogueTool),
    totalTokens: estimateToolListTokens(listed),
    toolLimits: Object.entries(CLIENT_TOOL_LIMITS).map(([host, limit]) => ({ host, tools: limit })),
    tokenWarning: TOOL_LIST_TOKEN_WARNING,
    findings: checkTools(tools).findings.map(({ severity, tool, message, fix }) => ({
      severity,
      ...(tool !== undefined && { tool }),
      message,
      fix,
    })),
    at: Date.now(),
    start,
  };
}

function catalogueTool(tool: ToolDescriptor): CatalogueTool {
  const { name, title, description, inputSchema, outputSchema } = tool;
  const annotations = (tool as { annotations?: unknown }).annotations;
  return {
    name,
    ...(title !== undefined && { title }),
    ...(description !== undefined && { description }),
    inputSchema: isJsonObject(inputSchema) ? inputSchema : {},
    ...(isJsonObject(outputSchema) && { outputSchema }),
    ...(isJsonObject(annotations) && { annotations }),
    tokens: estimateTokens(tool),
  };
}

/** Which tools a reload added, removed or changed (anything `tools/list` says of them); undefined when none. */
export function listChanges(before: Catalogue | undefined, after: Catalogue): DevEvent["changes"] {
  if (before === undefined) return undefined;
  const old = new Map(before.tools.map((tool) => [tool.name, JSON.stringify(tool)]));
  const added: string[] = [];
  const changed: string[] = [];
  for (const tool of after.tools) {
    const was = old.get(tool.name);
    if (was === undefined) added.push(tool.name);
    else if (was !== JSON.stringify(tool)) changed.push(tool.name);
    old.delete(tool.name);
  }
  const removed = [...old.keys()];
  return added.length + removed.length + changed.length === 0 ? undefined : { added, removed, changed };
}
