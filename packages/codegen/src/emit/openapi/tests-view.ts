import type { HttpOperation } from "@mcpsmith/runtime/http";
import type { OpenApiIR, ToolIR } from "../../ir/types.js";
import { printString } from "../literal.js";
import { printStatement } from "./fields.js";
import { sampleOf } from "./sample.js";

/** What templates/openapi/src/generated/tools.test.ts.hbs places. */
export interface TestsView {
  header: string;
  title: string;
  env: string;
  listed: string;
  calls: { title: string; group: string; name: string; arguments: string; request: string }[];
}

const DISCOVERY_NAMES = ["search_operations", "describe_operation", "call_operation"];
const CALLS = 3;

/**
 * Tests of the generated server against the generated mock API: the tools listed in the default mode, and a few
 * tools called with arguments made up from their schemas, each sending exactly the request its operation says.
 * Tools whose every credential choice needs an OAuth2 token endpoint are not picked (the mock has none).
 */
export function testsView(ir: OpenApiIR, threshold: number, header: string): TestsView {
  const picked = pickCalls(ir);
  const env = Object.fromEntries(
    ir.credentials.map(({ env }) => [env, `test-${env.toLowerCase().replace(/_/g, "-")}`]),
  );
  const listed = ir.tools.length <= threshold ? ir.tools.map((tool) => tool.name) : DISCOVERY_NAMES;
  return {
    header,
    title: printString(`${ir.title} against its mock API`),
    env: printStatement("const ENV = ", env, ";"),
    listed: printStatement("expect(tools.map((tool) => tool.name)).toEqual(", listed, ");", { indent: "    " }),
    calls: picked.map(({ tool, request }) => ({
      title: printString(`${tool.name} sends ${request.label}`),
      group: printString(tool.group),
      name: printString(tool.name),
      arguments: printStatement("arguments: ", request.args, ",", { indent: "      " }),
      request: printStatement("expect(sent).toEqual(", [request.label], ");", { indent: "    " }),
    })),
  };
}

interface Call {
  tool: ToolIR<HttpOperation>;
  request: { args: Record<string, unknown>; label: string };
}

/**
 * The tools called: up to `CALLS - 1` reading ones, the rest writing ones, the first in document order that can
 * be called. Arguments are made up only for tools still wanted, not for all of them (11,000 in Microsoft Graph).
 */
function pickCalls(ir: OpenApiIR): Call[] {
  const reading: Call[] = [];
  const writing: Call[] = [];
  for (const tool of ir.tools) {
    const wanted = tool.annotations.readOnlyHint === true ? reading : writing;
    if (reading.length >= CALLS - 1 && writing.length >= CALLS) break;
    if (wanted.length >= (wanted === reading ? CALLS - 1 : CALLS)) continue;
    if (needsTokenEndpoint(tool.binding, ir.api.securitySchemes)) continue;
    const request = requestOf(tool);
    if (request !== undefined) wanted.push({ tool, request });
  }
  return [...reading, ...writing].slice(0, CALLS);
}

/** The arguments a test passes and the `METHOD /path` the mock must then receive; undefined when none can be made up. */
function requestOf(tool: ToolIR<HttpOperation>): { args: Record<string, unknown>; label: string } | undefined {
  const args = sampleOf(tool.inputSchema);
  if (typeof args !== "object" || args === null || Array.isArray(args)) return undefined;
  const values = args as Record<string, unknown>;
  let path = tool.binding.path.split("?")[0]!;
  for (const parameter of tool.binding.parameters.filter((item) => item.in === "path")) {
    const value = values[parameter.argument];
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return undefined;
    if (parameter.style !== "simple") return undefined;
    path = path.replaceAll(`{${parameter.name}}`, encodeURIComponent(String(value)));
  }
  return { args: values, label: `${tool.binding.method} ${path}` };
}

function needsTokenEndpoint(operation: HttpOperation, schemes: OpenApiIR["api"]["securitySchemes"]): boolean {
  if (operation.security.length === 0) return false;
  return operation.security.every((alternative) => alternative.some((name) => schemes[name]?.type === "oauth2"));
}
