import { toolDefinitionOf } from "../../ir/tool-definition.js";
import { IdentifierPool } from "../identifiers.js";
import { LINE_WIDTH, printString } from "../literal.js";
import { type Field, printFields, printStatement } from "../openapi/fields.js";
import { commentText } from "../openapi/group-view.js";
import { constantCase } from "../openapi/names.js";
import type { DatabaseGroupPlan } from "./plan.js";
import { rowInterface } from "./rows.js";

/** What templates/database/src/generated/group.ts.hbs places. */
export interface DatabaseGroupView {
  header: string;
  group: string;
  className: string;
  rows: string[];
  bindings: string;
  schemas: string[];
  methods: { comment: string; decorator: string; signature: string; call: string }[];
}

const METHOD_INDENT = "  ";
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function databaseGroupView(plan: DatabaseGroupPlan, header: string): DatabaseGroupView {
  const methodNames = new IdentifierPool(["constructor", "sql"]);
  const schemas: string[] = [];
  const methods = plan.tools.map((tool) => {
    const name = methodNames.claim(tool.name);
    const stem = constantCase(name);
    const { options } = toolDefinitionOf(tool);
    const fields: Field[] = name === tool.name ? [] : [{ key: "name", value: tool.name }];
    for (const [key, value] of Object.entries(options)) {
      if (key === "input" || key === "output") {
        const constant = `${stem}_${key.toUpperCase()}`;
        schemas.push(printStatement(`const ${constant}: JsonSchema = `, value, ";"));
        fields.push({ key, code: constant });
      } else {
        fields.push({ key, value });
      }
    }
    const binding = IDENTIFIER.test(tool.name)
      ? `${plan.bindingsConst}.${tool.name}`
      : `${plan.bindingsConst}[${printString(tool.name)}]`;
    return {
      comment: commentText(`${tool.binding.kind}${tool.origin.pointer ? ` ${tool.origin.pointer}` : ""}`),
      decorator: printFields(fields, { indent: METHOD_INDENT, prefix: "@tool(", suffix: ")" }),
      signature: signatureOf(name),
      call: callOf(binding),
    };
  });
  const bindings = Object.fromEntries(plan.tools.map((tool) => [tool.name, tool.binding]));
  return {
    header,
    group: commentText(plan.group),
    className: plan.className,
    rows: plan.rows.map(({ table, typeName }) => rowInterface(typeName, table)),
    bindings: printStatement(
      `export const ${plan.bindingsConst} = `,
      bindings,
      " satisfies Record<string, SqlBinding>;",
      { expand: true },
    ),
    schemas,
    methods,
  };
}

function signatureOf(name: string): string {
  const flat = `${METHOD_INDENT}${name}(args: Record<string, unknown>, ctx: Context) {`;
  if (flat.length <= LINE_WIDTH) return flat;
  const inner = `${METHOD_INDENT}  `;
  return `${METHOD_INDENT}${name}(\n${inner}args: Record<string, unknown>,\n${inner}ctx: Context,\n${METHOD_INDENT}) {`;
}

function callOf(binding: string): string {
  const indent = `${METHOD_INDENT}  `;
  const flat = `${indent}return this.sql.call(${binding}, args, ctx);`;
  if (flat.length <= LINE_WIDTH) return flat;
  const inner = `${indent}  `;
  return `${indent}return this.sql.call(\n${inner}${binding},\n${inner}args,\n${inner}ctx,\n${indent});`;
}
