/** Options of the OpenAPI source, checked once before any work. */
import { isToken } from "@mcpsmith/runtime/internal";
import { CodegenError } from "../../errors.js";
import type { OperationFilter, SelectionOptions } from "./select.js";

export interface OpenApiSourceOptions extends SelectionOptions {
  /** Longest tool name (default 64); lower it to leave room for a host's prefix. */
  maxNameLength?: number;
  /** Output schemas from 2xx JSON responses (default true); `false` for specs whose responses do not match them. */
  outputSchema?: boolean;
  /** Replaces the API part of environment variable names (default: from the title, e.g. `PETSTORE`). */
  envPrefix?: string;
}

export function checkOptions(options: OpenApiSourceOptions): void {
  for (const [label, filter] of [
    ["include", options.include],
    ["exclude", options.exclude],
  ] as const) {
    checkFilter(label, filter);
  }
  if (options.envPrefix !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(options.envPrefix)) {
    throw new CodegenError(
      "E_OPTIONS_INVALID",
      `envPrefix must look like an environment variable name, got "${options.envPrefix}"`,
    );
  }
}

function checkFilter(label: string, filter: OperationFilter | undefined): void {
  if (filter === undefined) return;
  for (const key of ["tags", "paths", "methods", "operationIds"] as const) {
    const list = filter[key];
    if (list !== undefined && (!Array.isArray(list) || list.some((item) => typeof item !== "string"))) {
      throw new CodegenError("E_OPTIONS_INVALID", `${label}.${key} must be a list of strings`);
    }
  }
  // Any method name: OpenAPI 3.2's `additionalOperations` may declare methods past the usual ones (`PURGE`).
  const unknown = (filter.methods ?? []).filter((method) => !isToken(method));
  if (unknown.length > 0) {
    throw new CodegenError("E_OPTIONS_INVALID", `${label}.methods: not an HTTP method name: ${unknown.join(", ")}`);
  }
}
