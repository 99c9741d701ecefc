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

/**
 * Everything a server offers: each kind its capabilities declare, every page of it. Kinds it does not declare are
 * not asked for (the SDK client would answer them empty, with a console message on stdout).
 */
export async function fetchListing(connection: Connection, timeoutMs: number): Promise<Listing> {
  const { client } = connection;
  const options = { timeout: timeoutMs };
  const offers = client.getServerCapabilities() ?? {};
  try {
    const [tools, resources, resourceTemplates, prompts] = await Promise.all([
      offers.tools ? client.listTools(undefined, options) : { tools: [] },
      offers.resources ? client.listResources(undefined, options) : { resources: [] },
      offers.resources ? client.listResourceTemplates(undefined, options) : { resourceTemplates: [] },
      offers.prompts ? client.listPrompts(undefined, options) : { prompts: [] },
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
