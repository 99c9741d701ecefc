import { type Context, type ServerBuilder, type ServerDefinition, server } from "@mcpsmith/runtime/lean";
import type { TypeScriptBinding, TypeScriptIR } from "../ir/typescript.js";
import {
  typescriptPromptOptions,
  typescriptResourceOptions,
  typescriptToolOptions,
} from "../ir/typescript-definitions.js";

/** A module's exports, by the absolute path of its source (`TypeScriptBinding.module`). */
export type LoadedModules = ReadonlyMap<string, Readonly<Record<string, unknown>>>;

type Callable = (...args: unknown[]) => unknown;

/**
 * Annotated exports served at once, no files written (a config's `typescript` source): what the project
 * `mcpsmith generate ts` writes registers, with the same options, each handler calling the export the same way
 * (the arguments object if it takes one, then the context if it takes it).
 */
export function typescriptServer(
  ir: TypeScriptIR,
  modules: LoadedModules,
  definition: ServerDefinition,
): ServerBuilder {
  const instances = new Map<string, unknown>();
  const callee = (binding: TypeScriptBinding): Callable => {
    const exported = modules.get(binding.module)?.[binding.exportName];
    if (exported === undefined) throw new Error(`${binding.module} has no export ${binding.exportName}`);
    if (!binding.method) return exported as Callable;
    const { name, static: isStatic } = binding.method;
    if (isStatic) return ((exported as Record<string, Callable>)[name] as Callable).bind(exported);
    const key = `${binding.module}\u0000${binding.exportName}`;
    if (!instances.has(key)) instances.set(key, new (exported as new () => object)());
    const instance = instances.get(key) as Record<string, Callable>;
    return (instance[name] as Callable).bind(instance);
  };
  const call = (binding: TypeScriptBinding, leading: unknown, ctx: Context) => {
    const run = callee(binding);
    return run(...(binding.takesArguments ? [leading] : []), ...(binding.takesContext ? [ctx] : []));
  };

  const app = server(definition);
  for (const tool of ir.tools) {
    app.tool(tool.name, typescriptToolOptions(tool), (args, ctx) => call(tool.binding, args, ctx));
  }
  for (const resource of ir.resources) {
    const options = typescriptResourceOptions(resource);
    if (resource.variables.length > 0) {
      app.resource(resource.uri as `${string}{${string}}`, options, (variables, ctx) =>
        call(resource.binding, variables, ctx),
      );
    } else {
      // A fixed URI's callable takes the context first, if anything.
      app.resource(resource.uri as "fixed", options, (ctx: Context) =>
        resource.binding.takesContext ? callee(resource.binding)(ctx) : callee(resource.binding)(),
      );
    }
  }
  for (const prompt of ir.prompts) {
    app.prompt(prompt.name, typescriptPromptOptions(prompt), (args, ctx) => call(prompt.binding, args, ctx));
  }
  return app;
}
