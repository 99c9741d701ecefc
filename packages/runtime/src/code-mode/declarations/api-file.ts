import type { JsonSchema } from "../../schema/types.js";
import { commentText, hasTopLevelOperator, isIdentifier, type RefScope, typeText } from "./schema-to-ts.js";
import { TypeNames, typeNameOf } from "./type-names.js";

/** One function of `api`, as its declaration needs it. */
export interface ApiFunction {
  /** The tool's name, which is the function's. */
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** The result's schema (the tool's output schema, or the schema of its JSON text); none: `unknown`. */
  resultSchema?: JsonSchema;
  /** Why code cannot call it (it asks for input, it runs as a task); absent when it can. */
  refusal?: string;
}

interface Printed {
  text: string;
  /** The named types its text refers to. */
  uses: readonly string[];
}

const DOC_MAX_CHARS = 300;

/** How code calls a function: `api.list_tracks` where the name is an identifier, `api["get-artist"]` otherwise. */
export function accessorOf(name: string): string {
  return isIdentifier(name) ? `api.${name}` : `api[${JSON.stringify(name)}]`;
}

/**
 * The TypeScript declarations of an API: one function per tool, typed from the tools' JSON Schemas, in one file
 * (the resource) or in slices (what `search_api` answers with: some functions and the types they use). Types are
 * written when first needed, so a slice of Microsoft Graph's API costs its own types, not the eleven thousand
 * functions' (about ten seconds); a type keeps the name it was first given for the life of the server, in every
 * slice and in the file. The functions' own types are named up front, in the API's order.
 */
export class ApiDeclarations {
  readonly #functions: readonly ApiFunction[];
  readonly #names = new TypeNames();
  readonly #signatures = new Map<string, Printed>();
  readonly #types = new Map<string, Printed>();
  #file: string | undefined;

  constructor(functions: readonly ApiFunction[]) {
    this.#functions = functions;
    for (const fn of functions) {
      const base = typeNameOf(fn.name);
      const input = this.#names.root(`${base}Input`, fn.inputSchema, base);
      const result = fn.resultSchema && this.#names.root(`${base}Result`, fn.resultSchema, base);
      this.#signatures.set(fn.name, {
        text: memberText(fn, input, result),
        uses: result ? [input, result] : [input],
      });
    }
  }

  /** The whole declarations file. */
  file(): string {
    if (this.#file !== undefined) return this.#file;
    const members = this.#functions.map((fn) => this.#signatures.get(fn.name)!);
    const body = this.#closure(members)
      .map((name) => this.#type(name).text)
      .join("\n\n");
    this.#file = `${PRELUDE}\ndeclare const api: {\n${members.map((m) => m.text).join("\n")}\n};\n\n${body}\n`;
    return this.#file;
  }

  /** The declarations of some functions and of every type they use, types cut once `maxChars` is reached. */
  slice(names: readonly string[], maxChars: number): { declarations: string; omittedTypes: number } {
    const members = names.flatMap((name) => this.#signatures.get(name) ?? []);
    let text = `declare const api: {\n${members.map((member) => member.text).join("\n")}\n};\n`;
    let omittedTypes = 0;
    for (const name of this.#closure(members)) {
      const type = this.#type(name);
      if (text.length + type.text.length > maxChars) omittedTypes++;
      else text += `\n${type.text}\n`;
    }
    return { declarations: text, omittedTypes };
  }

  /** Every type the members use, directly or through other types, first use first. */
  #closure(members: readonly Printed[]): string[] {
    const order: string[] = [];
    const seen = new Set<string>();
    const visit = (uses: readonly string[]) => {
      for (const name of uses) {
        if (seen.has(name)) continue;
        seen.add(name);
        order.push(name);
      }
    };
    for (const member of members) visit(member.uses);
    for (let i = 0; i < order.length; i++) visit(this.#type(order[i]!).uses);
    return order;
  }

  /** A named type's declaration, written once; the definitions it refers to are named as it is written. */
  #type(name: string): Printed {
    const known = this.#types.get(name);
    if (known) return known;
    const type = this.#names.get(name)!;
    const uses = new Set<string>();
    const scope: RefScope = {
      resolve(ref) {
        const used = type.scope.resolve(ref);
        if (used !== undefined) uses.add(used);
        return used;
      },
    };
    const body = typeText(type.schema, scope);
    const doc = docOf(type.schema, "");
    const plainObject = body.startsWith("{") && body.endsWith("}") && !hasTopLevelOperator(body);
    const text = plainObject ? `${doc}interface ${type.name} ${body}` : `${doc}type ${type.name} = ${body};`;
    const printed = { text, uses: [...uses] };
    this.#types.set(name, printed);
    return printed;
  }
}

/** `  /** List tracks. *\/\n  list_tracks(args: ListTracksInput): Promise<ListTracksResult>;` */
function memberText(fn: ApiFunction, input: string, result: string | undefined): string {
  const schema = fn.inputSchema;
  const required = Array.isArray(schema.required) && schema.required.length > 0;
  const key = isIdentifier(fn.name) ? fn.name : JSON.stringify(fn.name);
  const summary = commentText(fn.description, DOC_MAX_CHARS);
  const notes = [summary, ...(fn.refusal ? [`Not callable from code: ${fn.refusal}`] : [])].filter((n) => n !== "");
  const doc = notes.length === 0 ? "" : `  /** ${notes.join(" ")} */\n`;
  return `${doc}  ${key}(args${required ? "" : "?"}: ${input}): Promise<${result ?? "unknown"}>;`;
}

function docOf(schema: unknown, indent: string): string {
  const s = schema as { title?: unknown; description?: unknown } | null;
  const text = typeof s?.description === "string" ? s.description : typeof s?.title === "string" ? s.title : "";
  const line = commentText(text, DOC_MAX_CHARS);
  return line === "" ? "" : `${indent}/** ${line} */\n`;
}

/** What every declarations file starts with: the error api functions throw and the shape of non-JSON results. */
const PRELUDE = `/** Thrown by an api function when its tool answers with an error; \`message\` is the tool's. */
declare class ApiError extends Error {
  readonly name: "ApiError";
  /** The api function that failed. */
  readonly tool: string;
}

/** What an api function returns for content that is not JSON (an image, audio, a file): a description, never the bytes. */
interface BinaryContent {
  type: "image" | "audio" | "resource" | "resource_link";
  mimeType?: string;
  /** Size in bytes (a resource with text carries \`text\` instead; a link, \`name\`). */
  size?: number;
  uri?: string;
  name?: string;
  text?: string;
}

/** What the code logs comes back with its result, one line per call (objects as JSON). */
declare const console: {
  log(...values: unknown[]): void;
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
  debug(...values: unknown[]): void;
};
`;
