import type { HttpOperation } from "@mcpsmith/runtime/http";
import { isJson } from "@mcpsmith/runtime/internal";
import type { OpenApiIR, ToolIR } from "../../ir/types.js";
import { printStatement } from "../core/fields.js";
import { sampleOf } from "./sample.js";

/** What templates/openapi/src/generated/mock-api.ts.hbs places. */
export interface MockView {
  header: string;
  routes: string;
}

export interface MockAnswer {
  status: number;
  contentType?: string;
  body?: unknown;
}

/**
 * The mock API's answers by `METHOD path`, one per operation: for JSON, a sample (its examples first) of the
 * response's schema (the output schema, or the text output schema of an array or a scalar); a short text for text,
 * no body otherwise. Paths without variables come first, so `/pet/findByStatus` is
 * not taken for `/pet/{petId}`. An object rather than an array: tsc reduces an array literal's element types to
 * one union, and Microsoft Graph's 11,000 distinct answers made that union too complex to represent (TS2590).
 */
export function mockView(ir: OpenApiIR, header: string): MockView {
  const routes = new Map<string, MockAnswer>();
  // Each path's variables counted once, not at each comparison of the sort.
  const ordered = ir.tools
    .map((tool, index) => ({ tool, index, variables: variables(tool.binding.path) }))
    .sort((a, b) => a.variables - b.variables || a.index - b.index);
  for (const { tool } of ordered) {
    const route = `${tool.binding.method} ${tool.binding.path}`;
    if (!routes.has(route)) routes.set(route, answerOf(tool));
  }
  return {
    header,
    routes: printStatement("const ROUTES: Record<string, MockAnswer> = ", Object.fromEntries(routes), ";", {
      expand: routes.size > 0,
    }),
  };
}

/** What the mock answers for `tool`'s operation (a JSON body is checked by the generated tests' picker). */
export function answerOf(tool: ToolIR<HttpOperation>): MockAnswer {
  const { accepts = [] } = tool.binding;
  const json = accepts.find(isJson);
  if (json !== undefined) {
    const schema = tool.outputSchema ?? tool.textOutputSchema;
    const body = schema === undefined ? {} : (sampleOf(schema) ?? {});
    return { status: 200, contentType: json, body };
  }
  const text = accepts.find((type) => type.startsWith("text/"));
  if (text !== undefined) return { status: 200, contentType: text, body: "ok" };
  return { status: 204 };
}

function variables(path: string): number {
  return path.split("{").length - 1;
}
