import type { HttpOperation } from "@mcpsmith/runtime/http";
import type { OpenApiIR, ToolIR } from "../../ir/types.js";
import { printStatement } from "./fields.js";
import { sampleOf } from "./sample.js";

/** What templates/openapi/src/generated/mock-api.ts.hbs places. */
export interface MockView {
  header: string;
  routes: string;
}

interface MockRoute {
  method: string;
  path: string;
  status: number;
  contentType?: string;
  body?: unknown;
}

/**
 * The mock API's answers, one per operation: the output schema's sample (its examples first) for JSON, a short
 * text for text, no body otherwise. Paths without variables come first, so `/pet/findByStatus` is not taken for
 * `/pet/{petId}`.
 */
export function mockView(ir: OpenApiIR, header: string): MockView {
  const routes = ir.tools
    .map(routeOf)
    .map((route, index) => ({ route, index }))
    .sort((a, b) => variables(a.route.path) - variables(b.route.path) || a.index - b.index)
    .map(({ route }) => route);
  return { header, routes: printStatement("const ROUTES: MockRoute[] = ", routes, ";") };
}

function routeOf(tool: ToolIR<HttpOperation>): MockRoute {
  const { method, path, accepts = [] } = tool.binding;
  const json = accepts.find((type) => /\bjson\b/.test(type) || type.endsWith("+json"));
  if (json !== undefined) {
    const body = tool.outputSchema === undefined ? {} : (sampleOf(tool.outputSchema) ?? {});
    return { method, path, status: 200, contentType: json, body };
  }
  const text = accepts.find((type) => type.startsWith("text/"));
  if (text !== undefined) return { method, path, status: 200, contentType: text, body: "ok" };
  return { method, path, status: 204 };
}

function variables(path: string): number {
  return path.split("{").length - 1;
}
