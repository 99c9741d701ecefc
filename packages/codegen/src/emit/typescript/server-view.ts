import { dirname, relative, sep } from "node:path";
import type { TypeScriptBinding, TypeScriptIR } from "../../ir/typescript.js";
import {
  typescriptPromptOptions,
  typescriptResourceOptions,
  typescriptToolOptions,
} from "../../ir/typescript-definitions.js";
import { IdentifierPool } from "../core/identifiers.js";
import { LINE_WIDTH, printLiteral, printString } from "../core/literal.js";

export interface ServerViewOptions {
  /** Absolute path of the server module being written. */
  outFile: string;
  serverName: string;
  serverVersion: string;
  /** The header's first lines: what the file came from and how to regenerate it. */
  header: string[];
}

/** Everything templates/generate/typescript/server.ts.hbs places. */
export interface ServerView {
  header: string;
  imports: { alias: string; path: string }[];
  instances: { name: string; expression: string }[];
  serverInfo: string;
  /** One `app.tool(...)`, `app.resource(...)` or `app.prompt(...)` call each, arguments printed. */
  registrations: { method: "tool" | "resource" | "prompt"; key: string; definition: string; handler: string }[];
}

/** Identifiers the server module declares itself. */
const DECLARED = ["app", "server"];
/** Registration arguments sit at this depth: `app.tool(` then one argument a line. */
const ARGUMENT_INDENT = "  ";

export function serverView(ir: TypeScriptIR, options: ServerViewOptions): ServerView {
  const pool = new IdentifierPool(DECLARED);
  const modules = new Map<string, string>();
  const instances = new Map<string, string>();
  const imports: ServerView["imports"] = [];
  const instanceList: ServerView["instances"] = [];

  /** The expression naming the callable: `tools.search`, `notesInstance.add`, `notes.Notes.count`. */
  const callee = (binding: TypeScriptBinding): string => {
    let alias = modules.get(binding.module);
    if (alias === undefined) {
      alias = pool.claim(baseName(binding.module));
      modules.set(binding.module, alias);
      imports.push({ alias, path: importPath(options.outFile, binding.module) });
    }
    const exported = `${alias}.${binding.exportName}`;
    if (!binding.method) return exported;
    if (binding.method.static) return `${exported}.${binding.method.name}`;
    const key = `${binding.module}\u0000${binding.exportName}`;
    let instance = instances.get(key);
    if (instance === undefined) {
      instance = pool.claim(`${binding.exportName}Instance`);
      instances.set(key, instance);
      instanceList.push({ name: instance, expression: exported });
    }
    return `${instance}.${binding.method.name}`;
  };

  const registrations: ServerView["registrations"] = [
    ...ir.tools.map((tool) => ({
      method: "tool" as const,
      key: printString(tool.name),
      definition: definition(typescriptToolOptions(tool)),
      handler: handler(callee(tool.binding), tool.binding, "args"),
    })),
    ...ir.resources.map((resource) => ({
      method: "resource" as const,
      key: printString(resource.uri),
      definition: definition(typescriptResourceOptions(resource)),
      handler: handler(
        callee(resource.binding),
        resource.binding,
        resource.variables.length > 0 ? "variables" : undefined,
      ),
    })),
    ...ir.prompts.map((prompt) => ({
      method: "prompt" as const,
      key: printString(prompt.name),
      definition: definition(typescriptPromptOptions(prompt)),
      handler: handler(callee(prompt.binding), prompt.binding, "args"),
    })),
  ];

  return {
    header: options.header.map((line) => `// ${line}`).join("\n"),
    imports: imports.sort((a, b) => compareImports(a.path, b.path)),
    instances: instanceList,
    serverInfo: printLiteral(
      { name: options.serverName, version: options.serverVersion },
      { prefix: "export const app = server(", suffix: ");" },
    ),
    registrations,
  };
}

function definition(fields: object): string {
  return printLiteral(fields, { indent: ARGUMENT_INDENT, suffix: ",", expand: true });
}

/**
 * The arrow function that calls the user's export. `leading` is the first parameter the runtime passes (none for a
 * fixed-URI resource, which gets only the context). Broken over lines the way Biome does it when it would pass the
 * line width.
 *
 * The arguments reach the handler typed `Record<string, unknown>` (a JSON Schema input tells the compiler nothing
 * more), and they are of the parameter's type: the runtime has validated a tool's or a prompt's arguments against
 * the schema derived from this very type, and a template's variables are the ones its URI names. The cast goes through `unknown` because that is what the compiler knows of the shape: a direct
 * `as` is refused (TS2352) for an interface, a class or a generic interface, which have no index signature and so
 * do not overlap a record, and where it is accepted it checks nothing the schema does not.
 */
function handler(callee: string, binding: TypeScriptBinding, leading: "args" | "variables" | undefined): string {
  const first = leading === undefined ? [] : [binding.takesArguments ? leading : `_${leading}`];
  const parameters = binding.takesContext ? [...first, "ctx"] : binding.takesArguments ? first : [];
  const cast = `${leading} as unknown as`;
  const callArguments = [
    ...(binding.takesArguments ? [`${cast} Parameters<typeof ${callee}>[0]`] : []),
    ...(binding.takesContext ? ["ctx"] : []),
  ];
  const head = `(${parameters.join(", ")}) =>`;
  const call = `${callee}(${callArguments.join(", ")})`;
  const indent = ARGUMENT_INDENT;
  if (indent.length + head.length + 1 + call.length + 1 <= LINE_WIDTH) return `${head} ${call}`;
  const bodyIndent = `${indent}  `;
  if (bodyIndent.length + call.length + 1 <= LINE_WIDTH) return `${head}\n${bodyIndent}${call}`;
  const argumentIndent = `${bodyIndent}  `;
  const argumentLines = callArguments
    .map((argument) => {
      if (argumentIndent.length + argument.length + 1 <= LINE_WIDTH || !argument.startsWith(cast)) {
        return `${argumentIndent}${argument},`;
      }
      // Even the cast alone is too long: its type argument goes on a line of its own.
      return `${argumentIndent}${cast} Parameters<\n${argumentIndent}  typeof ${callee}\n${argumentIndent}>[0],`;
    })
    .join("\n");
  return `${head}\n${bodyIndent}${callee}(\n${argumentLines}\n${bodyIndent})`;
}

/** `../tools.js` for `src/tools.ts` seen from `src/generated/server.ts`: NodeNext wants the emitted extension. */
export function importPath(fromFile: string, module: string): string {
  const path = relative(dirname(fromFile), module).split(sep).join("/");
  const emitted = path.replace(/\.(m|c)?tsx?$/, (_match, kind: string | undefined) => `.${kind ?? ""}js`);
  return emitted.startsWith(".") ? emitted : `./${emitted}`;
}

function baseName(module: string): string {
  const file = module.split(/[\\/]/).pop()!;
  return file.replace(/\.(m|c)?tsx?$/, "");
}

/** Biome's import order for relative paths: farther folders first (`../../a` before `../a` before `./a`). */
function compareImports(a: string, b: string): number {
  const depth = (path: string) => (path.startsWith("./") ? 0 : path.split("../").length - 1);
  if (depth(a) !== depth(b)) return depth(b) - depth(a);
  return a < b ? -1 : a > b ? 1 : 0;
}
