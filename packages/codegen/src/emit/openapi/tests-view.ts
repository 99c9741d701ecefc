import type { HttpOperation } from "@mcpsmith/runtime/http";
import { chooseCredentials, encodeStrict } from "@mcpsmith/runtime/internal";
import type { OpenApiIR, ToolIR } from "../../ir/types.js";
import { printStatement } from "../core/fields.js";
import { printString } from "../core/literal.js";
import { fitsSchema } from "./fits.js";
import { answerOf } from "./mock-view.js";
import { sampleOf } from "./sample.js";

/** What templates/openapi/src/generated/tools.test.ts.hbs places. */
export interface TestsView {
  header: string;
  title: string;
  env: string;
  listed: string;
  /** Comment lines naming the tools passed over for a call, and why; empty when none was. */
  skipped: string;
  calls: { title: string; group: string; name: string; arguments: string; request: string }[];
}

const DISCOVERY_NAMES = ["search_operations", "describe_operation", "call_operation"];
const CALLS = 3;
/** Tools passed over are named in the generated test up to this many; the rest are counted. */
const SKIPPED_NAMED = 10;

/**
 * Tests of the generated server against the generated mock API: the tools listed in the default mode, and a few
 * tools called with arguments made up from their schemas, each sending exactly the request its operation says.
 * Tools whose credentials, all set, are taken to an OAuth2 token endpoint are not picked (the mock has none).
 */
export function testsView(ir: OpenApiIR, threshold: number, header: string): TestsView {
  const env = Object.fromEntries(
    ir.credentials.map(({ env }) => [env, `test-${env.toLowerCase().replace(/_/g, "-")}`]),
  );
  const { picked, skipped } = pickCalls(ir, env);
  const listed = ir.tools.length <= threshold ? ir.tools.map((tool) => tool.name) : DISCOVERY_NAMES;
  return {
    header,
    title: printString(`${ir.title} against its mock API`),
    env: printStatement("const ENV = ", env, ";"),
    listed: printStatement("expect(tools.map((tool) => tool.name)).toEqual(", listed, ");", { indent: "    " }),
    skipped: skippedComment(skipped),
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

interface Skipped {
  tool: ToolIR<HttpOperation>;
  reason: string;
}

/**
 * The tools called: up to `CALLS - 1` reading ones, the rest writing ones, the first in document order that can
 * be called. Arguments are made up only for tools still wanted, not for all of them (11,000 in Microsoft Graph).
 * A tool is passed over, and named in `skipped`, when its made-up arguments or the mock's answer would not pass
 * the schemas the server checks them against.
 */
function pickCalls(ir: OpenApiIR, env: Record<string, string>): { picked: Call[]; skipped: Skipped[] } {
  const reading: Call[] = [];
  const writing: Call[] = [];
  const skipped: Skipped[] = [];
  for (const tool of ir.tools) {
    const wanted = tool.annotations.readOnlyHint === true ? reading : writing;
    if (reading.length >= CALLS - 1 && writing.length >= CALLS) break;
    if (wanted.length >= (wanted === reading ? CALLS - 1 : CALLS)) continue;
    if (needsTokenEndpoint(tool, ir.api, env)) continue;
    const request = requestOf(tool);
    if (typeof request === "string") skipped.push({ tool, reason: request });
    else if (request !== undefined) wanted.push({ tool, request });
  }
  return { picked: [...reading, ...writing].slice(0, CALLS), skipped };
}

/**
 * The arguments a test passes and the `METHOD /path` the mock must then receive; why the tool cannot be called
 * when its arguments or answer do not fit its schemas; undefined when its path cannot be written out here.
 */
function requestOf(tool: ToolIR<HttpOperation>): { args: Record<string, unknown>; label: string } | string | undefined {
  const args = sampleOf(tool.inputSchema);
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    return "no arguments can be made up from its input schema (a pattern too intricate to generate from, or a cycle)";
  }
  if (!fitsSchema(args, tool.inputSchema)) return "the arguments made up from its input schema do not fit it";
  const answer = answerOf(tool);
  if (tool.outputSchema !== undefined && answer.contentType !== undefined && !answer.contentType.startsWith("text/")) {
    if (!fitsSchema(answer.body, tool.outputSchema))
      return "the mock's answer made up from its output schema does not fit it";
  }
  const values = args as Record<string, unknown>;
  let path = tool.binding.path.split("?")[0]!;
  for (const parameter of tool.binding.parameters.filter((item) => item.in === "path")) {
    const value = values[parameter.argument];
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return undefined;
    if (parameter.style !== "simple") return undefined;
    // Encoded as the executor encodes a path value (RFC 6570: all but unreserved characters, `!` included).
    path = path.replaceAll(`{${parameter.name}}`, encodeStrict(String(value)));
  }
  // As fetch sends it: a URL's path encodes what the template holds literally (SuperTokens' `/appid-<appId>/...`).
  return { args: values, label: `${tool.binding.method} ${new URL(path, "http://mock").pathname}` };
}

function skippedComment(skipped: Skipped[]): string {
  const lines = skipped.slice(0, SKIPPED_NAMED).map(({ tool, reason }) => `  // Not called: ${tool.name}: ${reason}.`);
  const more = skipped.length - SKIPPED_NAMED;
  if (more > 0) lines.push(`  // ... and ${more} more tools not called for the same kinds of reasons.`);
  return lines.join("\n");
}

/**
 * Whether the credentials the executor picks with every variable of `env` set (`chooseCredentials`: the first
 * alternative in the document's order) take a token from an OAuth2 token endpoint, which the mock has not.
 */
function needsTokenEndpoint(tool: ToolIR<HttpOperation>, api: OpenApiIR["api"], env: Record<string, string>): boolean {
  return chooseCredentials(api, tool.binding.security, env).some(([, scheme]) => scheme.type === "oauth2");
}
