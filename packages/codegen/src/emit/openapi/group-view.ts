import type { HttpOperation } from "@mcpsmith/runtime/http";
import type { JsonSchema, ObjectSchema } from "../../ir/types.js";
import { printStatement } from "../core/fields.js";
import { IdentifierPool } from "../core/identifiers.js";
import { LINE_WIDTH, printLiteral } from "../core/literal.js";
import {
  commentText,
  decoratorFields,
  MEMBER_INDENT,
  schemaConstant,
  type ToolMethodView,
  toolMethod,
} from "../core/tool-class.js";
import type { ToolGroupPlan } from "../core/tool-groups.js";
import type { SchemaKind, SharedDefinitions, ToolSchemaPlan } from "./shared-definitions.js";

/** One generated file of tools: the tools of one group (an OpenAPI tag), as a decorated class. */
export type GroupPlan = ToolGroupPlan<HttpOperation>;

/** What templates/openapi/src/generated/group.ts.hbs places. */
export interface GroupView {
  header: string;
  /** The import statements, those the file's schemas need. */
  imports: string[];
  group: string;
  className: string;
  operations: string;
  schemas: { declaration: string }[];
  methods: ToolMethodView[];
}

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
    const method = methodNames.claim(tool.name);
    let inputComposed = false;
    const fields = decoratorFields(tool, method, (key, value, stem) => {
      if (key === "input" || key === "output") {
        const constant = `${stem}_${key.toUpperCase()}`;
        const schema = shared.planOf(value as ObjectSchema, key);
        if (key === "input") inputComposed = !("whole" in schema);
        if ("whole" in schema) wholeSchemas = true;
        else composers.add(COMPOSERS[key]);
        schemas.push({ declaration: schemaDeclaration(constant, schema, key) });
        return { key, code: constant };
      }
      if (key !== "listedInput") return undefined;
      // Composed like the input schema when it is: the definitions it lists whole are the project's, the loosened
      // ones written once for the project (`loose`), so thousands of such tools do not each carry a copy.
      const listed = inputComposed ? listedPlan(value as ObjectSchema, shared, loose) : undefined;
      if (listed === undefined) {
        wholeSchemas = true;
        return undefined;
      }
      const constant = `${stem}_LISTED_INPUT`;
      composers.add(LISTED_COMPOSER);
      schemas.push({ declaration: listedDeclaration(constant, `${stem}_INPUT`, listed) });
      return { key, code: constant };
    });
    return toolMethod({
      comment: `${tool.binding.method} ${tool.binding.path}`,
      fields,
      method,
      executor: "http",
      bindingsConst: plan.bindingsConst,
      toolName: tool.name,
    });
  });
  const operations = Object.fromEntries(plan.tools.map((tool) => [tool.name, tool.binding]));
  const runtimeImports = wholeSchemas ? "type Context, type JsonSchema, tool" : "type Context, tool";
  const imports = [
    'import type { HttpExecutor, HttpOperation } from "@mcpsmith/runtime/http";',
    `import { ${runtimeImports} } from "@mcpsmith/runtime/lean";`,
    ...(composers.size > 0 ? [`import { ${[...composers].sort().join(", ")} } from "./definitions.js";`] : []),
  ];
  return {
    header,
    imports,
    group: commentText(plan.group),
    className: plan.className,
    operations: printStatement(
      `export const ${plan.bindingsConst} = `,
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
  if ("whole" in schema) return schemaConstant(constant, schema.whole);
  const call = `const ${constant} = ${COMPOSERS[kind]}(`;
  const head = `${call}${printLiteral(schema.refs)}, `;
  if (head.length + 1 <= LINE_WIDTH) return printStatement(head, schema.root, ");");
  const inner = MEMBER_INDENT;
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
  const inner = MEMBER_INDENT;
  const list = (names: string[]) => `${inner}${printStatement("", names, ",", { indent: inner })}`;
  return `const ${constant} = ${LISTED_COMPOSER}(\n${inner}${input},\n${list(plan.whole)}\n${list(plan.loose)}\n);`;
}
