import type { DatePlan } from "@mcpsmith/runtime";
import { templateVariables } from "@mcpsmith/runtime/internal";
import { CodegenError } from "../../errors.js";
import type { ObjectSchema, ToolIR } from "../../ir/types.js";
import type { PromptIR, ResourceIR, TypeScriptBinding, TypeScriptIR } from "../../ir/typescript.js";
import { safeToolName, type ToolNameOptions } from "../../names/tool-name.js";
import type { AnnotatedDeclaration } from "./annotated-discover.js";

/** What the type converter says about one callable: the schemas of its arguments and result. */
export interface DescribedCallable {
  description: string;
  /** The first parameter's schema (absent when the callable takes no arguments). */
  input?: ObjectSchema;
  /** The awaited return type's schema, when it is an object. */
  output?: ObjectSchema;
  /** Where the arguments hold `Date`s, when they do. */
  dates?: DatePlan;
  takesArguments: boolean;
  takesContext: boolean;
}

export type DescribeCallable = (declaration: AnnotatedDeclaration) => DescribedCallable;

/**
 * Lowers the tagged declarations into the IR: names made safe and checked for duplicates (a duplicate is an
 * error naming both places, since renaming one silently would surprise whoever calls it), schemas from the
 * converter, and the checks each kind needs (tools have descriptions, resource templates take their variables,
 * prompt arguments are strings).
 */
export function lowerAnnotated(
  declarations: readonly AnnotatedDeclaration[],
  describe: DescribeCallable,
  options: ToolNameOptions & { tsconfig?: string } = {},
): TypeScriptIR {
  const tools: ToolIR<TypeScriptBinding>[] = [];
  const resources: ResourceIR[] = [];
  const prompts: PromptIR[] = [];
  // Name (or URI) -> where it was first declared, per kind: tools, prompts and resources have separate namespaces.
  const names = {
    tool: new Map<string, string>(),
    prompt: new Map<string, string>(),
    resource: new Map<string, string>(),
  };

  for (const declaration of declarations) {
    const { annotation, where, origin } = declaration;
    const described = describe(declaration);
    const binding = { ...declaration.binding, ...pick(described, "takesArguments", "takesContext") };
    const title = annotation.title === undefined ? {} : { title: annotation.title };

    if (annotation.kind === "tool") {
      const name = claim(names.tool, safeToolName(annotation.name ?? declaration.declaredName, options), where, "tool");
      if (described.description === "") {
        throw new CodegenError(
          "E_ANNOTATION_INVALID",
          `${where}: the tool ${name} has no description. Write a JSDoc summary above it: models choose tools by it.`,
        );
      }
      tools.push({
        name,
        ...title,
        description: withDeprecation(described.description, annotation.deprecated),
        inputSchema: described.input ?? { type: "object", properties: {} },
        ...(described.output && { outputSchema: described.output }),
        annotations: annotation.hints,
        group: origin.file,
        deprecated: annotation.deprecated !== undefined,
        origin,
        binding: { ...binding, ...(described.dates && { dates: described.dates }) },
      });
    } else if (annotation.kind === "resource") {
      claim(names.resource, annotation.uri, where, "resource URI");
      const variables = templateVariables(annotation.uri);
      checkResourceArguments(variables, described, where);
      resources.push({
        uri: annotation.uri,
        name: safeToolName(declaration.declaredName, options),
        ...title,
        description: described.description,
        ...(annotation.mimeType !== undefined && { mimeType: annotation.mimeType }),
        variables,
        origin,
        binding,
      });
    } else {
      const name = claim(
        names.prompt,
        safeToolName(annotation.name ?? declaration.declaredName, options),
        where,
        "prompt",
      );
      if (described.input) checkPromptArguments(described.input, where);
      prompts.push({
        name,
        ...title,
        description: described.description,
        ...(described.input && { argsSchema: described.input }),
        origin,
        binding,
      });
    }
  }
  return {
    kind: "typescript",
    ...(options.tsconfig !== undefined && { tsconfig: options.tsconfig }),
    tools,
    resources,
    prompts,
    warnings: [],
  };
}

/**
 * MCP has no deprecated flag for tools, and the description is what the model reads: a deprecated tool says so
 * there, with the JSDoc's advice (`@deprecated Use search instead.`).
 */
function withDeprecation(description: string, deprecated: string | undefined): string {
  if (deprecated === undefined) return description;
  return `${description}\n\nDeprecated${deprecated === "" ? "." : `: ${deprecated}`}`;
}

/** Registers a name; names differing only in case collide too, since some hosts fold case. */
function claim(taken: Map<string, string>, name: string, where: string, what: string): string {
  const key = what === "resource URI" ? name : name.toLowerCase();
  const first = taken.get(key);
  if (first !== undefined) {
    const fix = what === "resource URI" ? "Give one of them another URI." : `Rename one with \`@${what} other_name\`.`;
    throw new CodegenError(
      "E_NAME_DUPLICATE",
      `${where}: the ${what} "${name}" is already declared at ${first}. ${fix}`,
    );
  }
  taken.set(key, where);
  return name;
}

/** A template's variables arrive as one object of strings; a fixed URI's handler gets no arguments. */
function checkResourceArguments(variables: readonly string[], described: DescribedCallable, where: string): void {
  if (!described.takesArguments) return;
  if (variables.length === 0) {
    throw new CodegenError(
      "E_ANNOTATION_INVALID",
      `${where}: a resource at a fixed URI is called with no arguments; drop the parameter, or put {variables} in the URI.`,
    );
  }
  for (const [property, schema] of Object.entries(described.input?.properties ?? {})) {
    if (!variables.includes(property)) {
      throw new CodegenError(
        "E_ANNOTATION_INVALID",
        `${where}: the parameter has "${property}", which the URI template does not (its variables: ${variables.join(", ")}).`,
      );
    }
    if (!isStringSchema(schema)) {
      throw new CodegenError(
        "E_ANNOTATION_INVALID",
        `${where}: URI template variables are strings; declare "${property}" as string and convert it inside.`,
      );
    }
  }
}

function checkPromptArguments(schema: ObjectSchema, where: string): void {
  for (const [property, value] of Object.entries(schema.properties ?? {})) {
    if (!isStringSchema(value)) {
      throw new CodegenError(
        "E_ANNOTATION_INVALID",
        `${where}: prompt arguments travel as strings; declare "${property}" as string (or a union of string literals).`,
      );
    }
  }
}

function isStringSchema(schema: unknown): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  const { type, enum: values, const: constant } = schema as Record<string, unknown>;
  if (type === "string") return true;
  if (Array.isArray(values)) return values.every((value) => typeof value === "string");
  return typeof constant === "string";
}

function pick<T, K extends keyof T>(value: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}
