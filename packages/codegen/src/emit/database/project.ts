/**
 * The editable project for a database IR: decorated classes per schema under src/generated/, the SqlDatabase
 * literal, typed rows, tests that run against the database, and the files written once (README, .env.example,
 * main.ts, overrides.ts). Pure: the same IR and options give byte-identical files.
 */
import { qualifiedName, type SqlBinding } from "@mcpsmith/runtime/sql";
import type { DatabaseIR, ToolIR } from "../../ir/types.js";
import { printStatement } from "../core/fields.js";
import { Code, printKey, printString } from "../core/literal.js";
import {
  type EmittedProject,
  GeneratedFiles,
  generatedHeader,
  scaffoldFiles,
  serverInfoStatement,
} from "../core/project.js";
import { databaseGroupView } from "./group-view.js";
import { type DatabaseGroupPlan, planDatabaseGroups, writesAny } from "./plan.js";
import { type DatabaseProjectOptions, databaseProjectViews, driverPackages } from "./project-view.js";

export function emitDatabaseProject(ir: DatabaseIR, options: DatabaseProjectOptions): EmittedProject {
  const header = generatedHeader(`the ${ir.database.dialect} database ${ir.database.name} (${options.source})`);
  const groups = planDatabaseGroups(ir);
  const generated = new GeneratedFiles("database");
  generated.render("database", {
    header,
    serverInfo: serverInfoStatement(options.serverInfo),
    database: printStatement("export const DATABASE: SqlDatabase = ", ir.database, ";", { expand: true }),
    limits: printStatement("export const LIMITS = ", ir.limits, ";"),
    writes: String(writesAny(ir)),
    connectionEnv: printString(ir.credentials[0]!.env),
    resources: printStatement("export const RESOURCES: TableResource[] = ", ir.resources, ";", { expand: true }),
  });
  for (const group of groups) generated.render(group.file, databaseGroupView(group, header), "group");
  generated.render("index", { ...indexView(ir, groups, header), defaultMode: printString(options.mode) });
  generated.render("tools.test", testsView(ir, header));
  const views = databaseProjectViews(ir, groups, options);
  return {
    generated: generated.files,
    scaffold: scaffoldFiles("database", views),
    needs: { ...driverPackages(ir), variables: views.env.variables },
  };
}

function indexView(ir: DatabaseIR, groups: readonly DatabaseGroupPlan[], header: string) {
  const classes = Object.fromEntries(groups.map((group) => [group.group, new Code(group.className)]));
  return {
    header,
    imports: groups.map((group) => `import { ${group.className} } from "./${group.file}.js";`),
    toolClasses: printStatement("export const TOOL_CLASSES = ", classes, ";", { expand: true }),
    toolOrder: printStatement(
      "export const TOOL_ORDER = ",
      ir.tools.map((tool) => tool.name),
      " as const;",
    ),
  };
}

/** A `list_` test per table (with its `get_` on the first row when there is one) and one `query` test. */
function testsView(ir: DatabaseIR, header: string) {
  const tools = ir.tools;
  const getOf = (list: ToolIR<SqlBinding>) =>
    tools.find(
      (tool) =>
        tool.binding.kind === "get" &&
        list.binding.kind === "list" &&
        tool.binding.table.name === list.binding.table.name &&
        tool.binding.table.schema === list.binding.table.schema,
    );
  const lists = tools
    .filter((tool) => tool.binding.kind === "list")
    .map((list) => {
      const get = getOf(list);
      const table = ir.database.tables.find((t) => list.origin.pointer === qualifiedName(t));
      return {
        title: printString(`lists rows of ${list.origin.pointer}${get ? " and gets the first by its key" : ""}`),
        name: printString(list.name),
        ...(get && table?.primaryKey && { get: { name: printString(get.name), key: keyObject(table.primaryKey) } }),
      };
    });
  const query = tools.find((tool) => tool.binding.kind === "query");
  return {
    header,
    title: printString(`${ir.database.name} (${ir.database.dialect})`),
    lists,
    ...(query && { query: printString(query.name) }),
  };
}

/** `{ AlbumId: first.AlbumId }`: the key of the first listed row, as `get_` takes it. */
function keyObject(columns: readonly string[]): string {
  return `{ ${columns.map((column) => `${printKey(column)}: first[${printString(column)}]`).join(", ")} }`;
}
