import { estimateToolListTokens } from "@mcpsmith/codegen";
import type { Prompt, Resource, ResourceTemplateType, Tool } from "@modelcontextprotocol/client";
import type { Connection } from "./connect.js";

export interface Listing {
  server: {
    name: string;
    version: string;
    title?: string;
    protocolVersion: string | undefined;
    instructions?: string;
    target: string;
  };
  tools: Tool[];
  resources: Resource[];
  resourceTemplates: ResourceTemplateType[];
  prompts: Prompt[];
  /** Estimated tokens of the tools/list result (`estimateToolListTokens`), what the tools cost a model's context. */
  toolListTokens: number;
}

/** Everything a server offers. The client walks every page and skips kinds the server does not declare. */
export async function fetchListing(connection: Connection, timeoutMs: number): Promise<Listing> {
  const { client } = connection;
  const options = { timeout: timeoutMs };
  try {
    const [tools, resources, resourceTemplates, prompts] = await Promise.all([
      client.listTools(undefined, options),
      client.listResources(undefined, options),
      client.listResourceTemplates(undefined, options),
      client.listPrompts(undefined, options),
    ]);
    const info = client.getServerVersion();
    const instructions = client.getInstructions();
    return {
      server: {
        name: info?.name ?? "(unnamed server)",
        version: info?.version ?? "",
        ...(info?.title && { title: info.title }),
        protocolVersion: client.getNegotiatedProtocolVersion(),
        ...(instructions && { instructions }),
        target: connection.target.label,
      },
      tools: tools.tools,
      resources: resources.resources,
      resourceTemplates: resourceTemplates.resourceTemplates,
      prompts: prompts.prompts,
      toolListTokens: estimateToolListTokens(tools.tools),
    };
  } catch (error) {
    throw connection.explain(error, "listing");
  }
}
