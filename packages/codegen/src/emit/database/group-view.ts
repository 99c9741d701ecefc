import { printStatement } from "../core/fields.js";
import { IdentifierPool } from "../core/identifiers.js";
import { commentText, decoratorFields, schemaConstant, type ToolMethodView, toolMethod } from "../core/tool-class.js";
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
  methods: ToolMethodView[];
}

export function databaseGroupView(plan: DatabaseGroupPlan, header: string): DatabaseGroupView {
  const methodNames = new IdentifierPool(["constructor", "sql"]);
  const schemas: string[] = [];
  const methods = plan.tools.map((tool) => {
    const method = methodNames.claim(tool.name);
    const fields = decoratorFields(tool, method, (key, value, stem) => {
      if (key !== "input" && key !== "output") return undefined;
      const constant = `${stem}_${key.toUpperCase()}`;
      schemas.push(schemaConstant(constant, value));
      return { key, code: constant };
    });
    return toolMethod({
      comment: `${tool.binding.kind}${tool.origin.pointer ? ` ${tool.origin.pointer}` : ""}`,
      fields,
      method,
      executor: "sql",
      bindingsConst: plan.bindingsConst,
      toolName: tool.name,
    });
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
