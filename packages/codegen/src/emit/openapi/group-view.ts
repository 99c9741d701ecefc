import type { HttpOperation } from "@mcpsmith/runtime/http";
import { toolDefinitionOf } from "../../ir/tool-definition.js";
import type { JsonSchema, ObjectSchema, ToolIR } from "../../ir/types.js";
import { IdentifierPool } from "../identifiers.js";
import { LINE_WIDTH, printLiteral, printString } from "../literal.js";
import { type Field, printFields, printStatement } from "./fields.js";
import { constantCase } from "./names.js";
import type { SchemaKind, SharedDefinitions, ToolSchemaPlan } from "./shared-definitions.js";

/** One generated file of tools: the tools of one group (an OpenAPI tag), as a decorated class. */
export interface GroupPlan {
  group: string;
  /** File name under src/generated/, without `.ts`. */
  file: string;
  className: string;
  operationsConst: string;
  tools: ToolIR<HttpOperation>[];
}

/** What templates/openapi/src/generated/group.ts.hbs places. */
export interface GroupView {
  header: string;
  /** The import statements, those the file's schemas need. */
  imports: string[];
  group: string;
  className: string;
  operations: string;
  schemas: { declaration: string }[];
  methods: { comment: string; decorator: string; signature: string; call: string }[];
}

const METHOD_INDENT = "  ";
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * `loose` collects, for the project's definitions file, the loosened definitions listed input schemas use
 * (ir/listed-input.ts), by name.
 */
export function groupView(
  plan: GroupPlan,
  shared: SharedDefinitions,
  header: string,
  loose: Map<string, JsonSchema>,
): GroupView {
  const methodNames = new IdentifierPool(["constructor", "http"]);
  const schemas: GroupView["schemas"] = [];
  const composers = new Set<string>();
  let wholeSchemas = false;
  const methods = plan.tools.map((tool) => {
    const name = methodNames.claim(tool.name);
    const stem = constantCase(name);
    const { options } = toolDefinitionOf(tool);
    const fields: Field[] = name === tool.name ? [] : [{ key: "name", value: tool.name }];
    let inputComposed = false;
    for (const [key, value] of Object.entries(options)) {
      if (key === "input" || key === "output") {
        const constant = `${stem}_${key.toUpperCase()}`;
        const schema = shared.planOf(value as ObjectSchema, key);
        if (key === "input") inputComposed = !("whole" in schema);
        if ("whole" in schema) wholeSchemas = true;
        else composers.add(COMPOSERS[key]);
        schemas.push({ declaration: schemaDeclaration(constant, schema, key) });
        fields.push({ key, code: constant });
      } else if (key === "listedInput") {
        // Composed like the input schema when it is: the definitions it lists whole are the project's, the loosened
        // ones written once for the project (`loose`), so thousands of such tools do not each carry a copy.
        const listed = inputComposed ? listedPlan(value as ObjectSchema, shared, loose) : undefined;
        if (listed === undefined) {
          wholeSchemas = true;
          fields.push({ key, value });
        } else {
          const constant = `${stem}_LISTED_INPUT`;
          composers.add(LISTED_COMPOSER);
          schemas.push({ declaration: listedDeclaration(constant, `${stem}_INPUT`, listed) });
          fields.push({ key, code: constant });
        }
      } else {
        fields.push({ key, value });
      }
    }
    return {
      comment: commentText(`${tool.binding.method} ${tool.binding.path}`),
      decorator: printFields(fields, { indent: METHOD_INDENT, prefix: "@tool(", suffix: ")" }),
      name,
      signature: signatureOf(name),
      call: callOf(
        IDENTIFIER.test(tool.name)
          ? `${plan.operationsConst}.${tool.name}`
          : `${plan.operationsConst}[${printString(tool.name)}]`,
      ),
    };
  });
  const operations = Object.fromEntries(plan.tools.map((tool) => [tool.name, tool.binding]));
  const runtimeImports = wholeSchemas ? "type Context, type JsonSchema, tool" : "type Context, tool";
  const imports = [
    `import { ${runtimeImports} } from "@mcpsmith/runtime";`,
    'import type { HttpExecutor, HttpOperation } from "@mcpsmith/runtime/http";',
    ...(composers.size > 0 ? [`import { ${[...composers].sort().join(", ")} } from "./definitions.js";`] : []),
  ];
  return {
    header,
    imports,
    group: commentText(plan.group),
    className: plan.className,
    operations: printStatement(
      `export const ${plan.operationsConst} = `,
      operations,
      " as const satisfies Record<string, HttpOperation>;",
      { expand: true },
    ),
    schemas,
    methods,
  };
}

/** The function of src/generated/definitions.ts that gives a schema of each kind its `$defs`. */
const COMPOSERS: Record<SchemaKind, string> = { input: "inputSchema", output: "outputSchema" };

/**
 * `const GET_PET_INPUT: JsonSchema = {...};`, or with shared definitions `const GET_PET_INPUT = inputSchema(["Pet"],
 * {...});`, the root hugged as the last argument when the head fits on the line, else each argument on its own line
 * (as Biome lays out a call).
 */
function schemaDeclaration(constant: string, schema: ToolSchemaPlan, kind: SchemaKind): string {
  if ("whole" in schema) return printStatement(`const ${constant}: JsonSchema = `, schema.whole, ";");
  const call = `const ${constant} = ${COMPOSERS[kind]}(`;
  const head = `${call}${printLiteral(schema.refs)}, `;
  if (head.length + 1 <= LINE_WIDTH) return printStatement(head, schema.root, ");");
  const inner = METHOD_INDENT;
  const refs = `${inner}${printStatement("", schema.refs, ",", { indent: inner })}`;
  const root = `${inner}${printStatement("", schema.root, ",", { indent: inner })}`;
  return `${call}\n${refs}\n${root}\n);`;
}

const LISTED_COMPOSER = "listedInputSchema";

interface ListedPlan {
  whole: string[];
  loose: string[];
}

/**
 * Which of a listed input schema's definitions are the project's input definitions as they are, and which loosened
 * (added to `loose`); `undefined` when one is neither, or a name would mean two loosened schemas: then it is
 * written whole.
 */
function listedPlan(listed: ObjectSchema, shared: SharedDefinitions, loose: Map<string, JsonSchema>) {
  const plan: ListedPlan = { whole: [], loose: [] };
  const found = new Map<string, JsonSchema>();
  for (const [name, definition] of Object.entries(listed.$defs ?? {})) {
    if (shared.definitions.get(name)?.schema === definition) plan.whole.push(name);
    else if ((loose.get(name) ?? definition) === definition) {
      plan.loose.push(name);
      found.set(name, definition);
    } else return undefined;
  }
  for (const [name, definition] of found) loose.set(name, definition);
  return plan;
}

/** `const GET_PET_LISTED_INPUT = listedInputSchema(GET_PET_INPUT, [...], [...]);`, one argument a line. */
function listedDeclaration(constant: string, input: string, plan: ListedPlan): string {
  const inner = METHOD_INDENT;
  const list = (names: string[]) => `${inner}${printStatement("", names, ",", { indent: inner })}`;
  return `const ${constant} = ${LISTED_COMPOSER}(\n${inner}${input},\n${list(plan.whole)}\n${list(plan.loose)}\n);`;
}

/** `name(args: ..., ctx: Context) {`, its parameters one a line when the line would be too long (as Biome does). */
function signatureOf(name: string): string {
  const flat = `${METHOD_INDENT}${name}(args: Record<string, unknown>, ctx: Context) {`;
  if (flat.length <= LINE_WIDTH) return flat;
  const inner = `${METHOD_INDENT}  `;
  return `${METHOD_INDENT}${name}(\n${inner}args: Record<string, unknown>,\n${inner}ctx: Context,\n${METHOD_INDENT}) {`;
}

/** `return this.http.call(OPERATION, args, ctx);`, its arguments one a line when too long. */
function callOf(operation: string): string {
  const indent = `${METHOD_INDENT}  `;
  const flat = `${indent}return this.http.call(${operation}, args, ctx);`;
  if (flat.length <= LINE_WIDTH) return flat;
  const inner = `${indent}  `;
  return `${indent}return this.http.call(\n${inner}${operation},\n${inner}args,\n${inner}ctx,\n${indent});`;
}

/** Text safe inside a `/** ... *\/` comment on one line. */
export function commentText(text: string): string {
  return text.replace(/\s+/g, " ").replaceAll("*/", "*\\/").trim();
}
