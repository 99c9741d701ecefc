import type { OpenApiIR } from "../../ir/types.js";
import { printStatement } from "../core/fields.js";
import { Code, LINE_WIDTH, printKey, printProperty } from "../core/literal.js";
import type { GroupPlan } from "./group-view.js";

/** What templates/openapi/src/generated/index.ts.hbs places. */
export interface IndexView {
  header: string;
  /** Whole import statements, each broken over lines as Biome does when it is too long. */
  imports: string[];
  toolClasses: string;
  operations: string;
  toolOrder: string;
}

export function indexView(ir: OpenApiIR, groups: readonly GroupPlan[], header: string): IndexView {
  const imports = [
    { names: "API, DISCOVERY_SUBJECT, SERVER_INFO", path: "./api.js" },
    ...groups.map((group) => ({
      names: sortSpecifiers([group.bindingsConst, group.className]).join(", "),
      path: `./${group.file}.js`,
    })),
  ]
    // Biome orders by the module name, so `./storage.js` comes before `./storage-v1.js`.
    .sort((a, b) => compare(a.path.replace(/\.js$/, ""), b.path.replace(/\.js$/, "")))
    .map(({ names, path }) => importStatement(names, path));
  const classes = groups.map((group) => [group.group, group.className] as const);
  return {
    header,
    imports,
    toolClasses: codeObject("export const TOOL_CLASSES = ", classes, ";"),
    operations: codeObject(
      "const OPERATIONS: Record<string, HttpOperation> = ",
      groups.map((group) => [`...${group.bindingsConst}`, undefined] as const),
      ";",
    ),
    toolOrder: printStatement(
      "const TOOL_ORDER: readonly string[] = ",
      ir.tools.map((tool) => tool.name),
      ";",
    ),
  };
}

/**
 * An object literal of code (`{ pet: PetTools, ...STORE_OPERATIONS }`): entries with no value are spreads.
 * Laid out like printLiteral: one line when it fits, else one entry a line.
 */
function codeObject(prefix: string, entries: readonly (readonly [string, string | undefined])[], suffix: string) {
  const parts = entries.map(([key, value]) => (value === undefined ? key : `${printKey(key)}: ${value}`));
  const flat = parts.length === 0 ? "{}" : `{ ${parts.join(", ")} }`;
  if (prefix.length + flat.length + suffix.length <= LINE_WIDTH) return `${prefix}${flat}${suffix}`;
  const lines = entries.map(([key, value]) =>
    value === undefined ? `  ${key},` : `  ${printProperty(key, new Code(value), { indent: "  ", suffix: "," })}`,
  );
  return `${prefix}{\n${lines.join("\n")}\n}${suffix}`;
}

function importStatement(names: string, path: string): string {
  const flat = `import { ${names} } from "${path}";`;
  if (flat.length <= LINE_WIDTH) return flat;
  return `import {\n${names
    .split(", ")
    .map((name) => `  ${name},`)
    .join("\n")}\n} from "${path}";`;
}

/** Biome's order of named imports: by name ignoring case (`AI_OPERATIONS` before `AITools`), then ASCII. */
function sortSpecifiers(names: string[]): string[] {
  return [...names].sort((a, b) => compare(a.toLowerCase(), b.toLowerCase()) || compare(a, b));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
