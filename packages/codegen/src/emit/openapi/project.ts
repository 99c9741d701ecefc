import { apiSubject } from "../../ir/api-subject.js";
import { DEFAULT_DISCOVERY_THRESHOLD } from "../../ir/listing-modes.js";
import type { JsonSchema, OpenApiIR } from "../../ir/types.js";
import { printStatement } from "../core/fields.js";
import { printString } from "../core/literal.js";
import {
  type EmittedProject,
  GeneratedFiles,
  generatedHeader,
  scaffoldFiles,
  serverInfoStatement,
} from "../core/project.js";
import { groupView } from "./group-view.js";
import { indexView } from "./index-view.js";
import { mockView } from "./mock-view.js";
import { planGroups } from "./plan.js";
import type { OpenApiProjectOptions } from "./project-options.js";
import { projectViews } from "./project-view.js";
import { type SharedDefinition, shareDefinitions } from "./shared-definitions.js";
import { testsView } from "./tests-view.js";

/**
 * The editable project for an OpenAPI IR. Pure: the same IR and options give byte-identical files (nothing
 * from the clock or the machine), so regenerating an unchanged document changes nothing.
 */
export function emitOpenApiProject(ir: OpenApiIR, options: OpenApiProjectOptions): EmittedProject {
  const header = generatedHeader(`${options.spec} (${ir.title} ${ir.version})`);
  const groups = planGroups(ir);
  const shared = shareDefinitions(
    ir.tools.flatMap((tool) => [
      [tool.inputSchema, "input"] as const,
      ...(tool.outputSchema === undefined ? [] : [[tool.outputSchema, "output"] as const]),
    ]),
  );
  const generated = new GeneratedFiles("openapi");
  generated.render("api", {
    header,
    serverInfo: serverInfoStatement(options.serverInfo),
    api: printStatement("export const API = ", ir.api, " as const satisfies HttpApi;", { expand: true }),
    subject: printString(apiSubject(ir.title)),
  });
  // The groups first: they collect the loosened definitions the definitions file writes.
  const loose = new Map<string, JsonSchema>();
  const groupViews = groups.map((group) => groupView(group, shared, header, loose));
  if (shared.definitions.size > 0) {
    generated.render("definitions", {
      header,
      definitions: definitionsStatement("DEFINITIONS", shared.definitions),
      outputDefinitions: definitionsStatement("OUTPUT_DEFINITIONS", shared.outputDefinitions),
      ...(loose.size > 0 && {
        looseDefinitions: printStatement(
          "const LOOSE_DEFINITIONS: Record<string, JsonSchema> = ",
          Object.fromEntries([...loose].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
          ";",
          { expand: true },
        ),
      }),
    });
  }
  for (const [index, group] of groups.entries()) generated.render(group.file, groupViews[index]!, "group");
  generated.render("index", { ...indexView(ir, groups, header), defaultMode: printString(options.mode) });
  generated.render("mock-api", mockView(ir, header));
  const threshold =
    options.mode === "tools"
      ? Number.POSITIVE_INFINITY
      : options.mode === "discovery"
        ? -1
        : DEFAULT_DISCOVERY_THRESHOLD;
  generated.render("tools.test", testsView(ir, threshold, header));

  const views = projectViews(ir, groups, options);
  return {
    generated: generated.files,
    scaffold: scaffoldFiles("openapi", views),
    needs: { dependencies: {}, variables: views.env.variables },
  };
}

/** `const NAME: Record<string, Definition> = { Pet: { refs: [...], schema: {...} }, ... };` */
function definitionsStatement(name: string, definitions: ReadonlyMap<string, SharedDefinition>): string {
  return printStatement(`const ${name}: Record<string, Definition> = `, Object.fromEntries(definitions), ";", {
    expand: definitions.size > 0,
  });
}
