import type { Tool } from "@modelcontextprotocol/server";
import type { ServerModel } from "../model/types.js";
import { compileModel } from "./compile.js";

/**
 * The tools of a model exactly as `tools/list` lists them, after the model is checked as serving checks it (one
 * error listing every problem): what `mcpsmith` measures its token figures on without starting a server.
 */
export function listedTools(model: ServerModel): Tool[] {
  return [...compileModel(model).tools.values()].map((tool) => tool.wire);
}
