import { relative, resolve } from "node:path";
import type { SearchHints } from "@mcpsmith/runtime/compose";
import type { OperationFilter } from "../../sources/openapi/select.js";
import { loadOpenApi } from "../../sources/openapi/source.js";
import type { OpenApiSourceConfig } from "../config/types.js";
import type { LoadedSource, SourceContext } from "./types.js";

/** An OpenAPI document, every selected operation a tool run by the runtime's HTTP executor (as `serve openapi`). */
export async function loadOpenApiSource(config: OpenApiSourceConfig, context: SourceContext): Promise<LoadedSource> {
  const spec = resolve(context.dir, config.openapi);
  const include = filterOf(config.tags, config.paths, config.methods, config.operations);
  const exclude = filterOf(config.excludeTags, config.excludePaths, config.excludeMethods, config.excludeOperations);
  const ir = await loadOpenApi(spec, {
    ...(include && { include }),
    ...(exclude && { exclude }),
    includeDeprecated: config.includeDeprecated === true,
    outputSchema: config.outputSchema !== false,
    ...(config.envPrefix !== undefined && { envPrefix: config.envPrefix }),
    ...(context.maxNameLength !== undefined && { maxNameLength: context.maxNameLength }),
  });
  const { openApiServer } = await import("../../serve/openapi.js");
  const build = openApiServer(ir, {
    mode: "tools",
    executor: {
      env: context.env,
      ...(config.baseUrl !== undefined && { baseUrl: config.baseUrl }),
      ...(config.serverVariables !== undefined && { serverVariables: { ...config.serverVariables } }),
      ...(config.timeout !== undefined && { timeoutMs: config.timeout }),
      ...(config.forwardCredentials !== undefined && {
        forwardCredentials: {
          schemes: { ...config.forwardCredentials },
          fallbackToEnv: config.forwardCredentialsFallback === true,
        },
      }),
    },
  });
  const hints: Record<string, SearchHints> = {};
  for (const tool of ir.tools) {
    hints[tool.name] = {
      group: tool.group,
      keywords: [`${tool.binding.method.toUpperCase()} ${tool.binding.path}`],
      ...(typeof tool.textOutputSchema === "object" && { textResultSchema: tool.textOutputSchema }),
    };
  }
  return {
    kind: "openapi",
    title: `${ir.title} ${ir.version}`,
    model: build.builder.build(),
    hints,
    warnings: ir.warnings.map(
      ({ file, pointer, message }) => `${relative(context.dir, file) || file}#${pointer}: ${message}`,
    ),
    credentials: ir.credentials.map(({ env, scheme }) => ({ env, scheme, set: Boolean(context.env[env]) })),
    files: [spec],
    rawSql: [],
    ir: { kind: "openapi", ir, spec },
  };
}

/** A filter only for the lists given: an empty filter would match nothing. */
function filterOf(
  tags: readonly string[] | undefined,
  paths: readonly string[] | undefined,
  methods: readonly string[] | undefined,
  operationIds: readonly string[] | undefined,
): OperationFilter | undefined {
  const entries = Object.entries({ tags, paths, methods, operationIds }).filter(([, list]) => list !== undefined);
  return entries.length > 0
    ? (Object.fromEntries(entries.map(([key, list]) => [key, [...list!]])) as OperationFilter)
    : undefined;
}
