import { McpsmithError } from "../errors.js";
import { isDecorated } from "../model/metadata.js";
import { isModel, toModel } from "../model/resolve.js";
import type { ServerModel } from "../model/types.js";

/**
 * The model of a module of the user's: what it exports as `default` (else every export) that mcpsmith can serve —
 * a `server()` builder, a `ServerModel`, an object of a decorated class, or a decorated class whose constructor
 * takes nothing (one instance is made). Recognised by shape, not by `instanceof`, so a module importing another
 * copy of `@mcpsmith/runtime` works as well. `where` names the module in errors.
 */
export function modelOfModule(
  exports: Readonly<Record<string, unknown>>,
  where: string,
  exportName?: string,
): ServerModel {
  const chosen = pickExports(exports, where, exportName);
  const models: ServerModel[] = [];
  const instances: object[] = [];
  for (const [name, value] of chosen) {
    if (isBuilder(value)) models.push(value.build());
    else if (isModel(value)) models.push(value);
    else if (typeof value === "function" && isDecorated(value)) instances.push(instanceOf(value, name, where));
    else if (typeof value === "object" && value !== null && isDecorated(value)) instances.push(value);
  }
  if (instances.length > 0) models.push(toModel(instances, { name: "module" }));
  if (models.length === 0) {
    throw new McpsmithError(
      "E_TARGET_INVALID",
      `${where} exports nothing to serve: export a server() builder, a ServerModel, a decorated class or an object of one${exportName === undefined ? "" : ` as "${exportName}"`}`,
    );
  }
  return merged(models);
}

function pickExports(exports: Readonly<Record<string, unknown>>, where: string, exportName?: string) {
  if (exportName !== undefined) {
    if (!Object.hasOwn(exports, exportName)) {
      const names = Object.keys(exports).join(", ") || "nothing";
      throw new McpsmithError("E_TARGET_INVALID", `${where} has no export "${exportName}" (it exports ${names})`);
    }
    return [[exportName, exports[exportName]] as const];
  }
  if (exports.default !== undefined) return [["default", exports.default] as const];
  return Object.entries(exports);
}

function instanceOf(value: unknown, name: string, where: string): object {
  const make = value as new () => object;
  if (make.length > 0) {
    throw new McpsmithError(
      "E_TARGET_INVALID",
      `${where}: the class ${name} takes constructor arguments; export an object of it instead (export const ${lowerFirst(name)} = new ${name}(...))`,
    );
  }
  return new make();
}

function isBuilder(value: unknown): value is { build(): ServerModel } {
  const candidate = value as { build?: unknown; constructor?: { name?: string } } | null;
  return typeof candidate?.build === "function" && candidate.constructor?.name === "ServerBuilder";
}

/** One model of several: the lists joined (the composed server refuses names that meet), the first's identity. */
function merged(models: readonly ServerModel[]): ServerModel {
  if (models.length === 1) return models[0]!;
  const instructions = models.flatMap((model) => (model.instructions ? [model.instructions] : []));
  const middleware = models.flatMap((model) => model.middleware ?? []);
  return {
    info: models[0]!.info,
    tools: models.flatMap((model) => model.tools),
    resources: models.flatMap((model) => model.resources),
    resourceTemplates: models.flatMap((model) => model.resourceTemplates),
    prompts: models.flatMap((model) => model.prompts),
    options: Object.assign({}, ...models.map((model) => model.options)),
    ...(instructions.length > 0 && { instructions: instructions.join("\n\n") }),
    ...(middleware.length > 0 && { middleware }),
  };
}

function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}
