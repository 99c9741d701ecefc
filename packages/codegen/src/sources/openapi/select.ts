/**
 * Which operations become tools. In order: `x-mcp` in the spec (`x-mcp: false` or `{ exclude: true }` on the
 * document, a path item or an operation; the nearest wins), then the `include` filter (every criterion given must
 * match; within a criterion any value may), then `exclude` (any criterion matching leaves the operation out), then
 * deprecated operations (left out, with a warning, unless `includeDeprecated`).
 */
import type { Diagnostics } from "./diagnostics.js";
import type { SourceOperation } from "./model.js";

export interface OperationFilter {
  /** Operations with at least one of these tags. */
  tags?: string[];
  /** Path globs: `*` matches within one segment, `**` across segments (`/pets/*`, `/repos/**`). */
  paths?: string[];
  /** HTTP methods, any case. */
  methods?: string[];
  operationIds?: string[];
}

export interface SelectionOptions {
  include?: OperationFilter;
  exclude?: OperationFilter;
  includeDeprecated?: boolean;
}

export function selectOperations(
  operations: SourceOperation[],
  options: SelectionOptions,
  diagnostics: Diagnostics,
): SourceOperation[] {
  const include = compile(options.include);
  const exclude = compile(options.exclude);
  const selected = operations.filter((operation) => {
    if (operation.mcp.exclude === true) return false;
    if (include && !include.every((test) => test(operation))) return false;
    if (exclude?.some((test) => test(operation))) return false;
    if (operation.deprecated && !options.includeDeprecated) {
      diagnostics.warn(operation.pointer, "deprecated: skipped (includeDeprecated keeps it)");
      return false;
    }
    return true;
  });
  warnUnmatched(operations, options.include, diagnostics);
  return selected;
}

type Test = (operation: SourceOperation) => boolean;

function compile(filter: OperationFilter | undefined): Test[] | undefined {
  if (!filter) return undefined;
  const tests: Test[] = [];
  if (filter.tags) {
    const tags = new Set(filter.tags);
    tests.push((operation) => operation.tags.some((tag) => tags.has(tag)));
  }
  if (filter.paths) {
    const globs = filter.paths.map(globToRegExp);
    tests.push((operation) => globs.some((glob) => glob.test(operation.path)));
  }
  if (filter.methods) {
    const methods = new Set(filter.methods.map((method) => method.toLowerCase()));
    tests.push((operation) => methods.has(operation.method));
  }
  if (filter.operationIds) {
    const ids = new Set(filter.operationIds);
    tests.push((operation) => operation.operationId !== undefined && ids.has(operation.operationId));
  }
  return tests.length > 0 ? tests : undefined;
}

export function globToRegExp(glob: string): RegExp {
  const pattern = glob
    .split(/(\*\*|\*)/)
    .map((part) => (part === "**" ? ".*" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${pattern}$`);
}

/** A tag or operation id asked for by name that the document does not have is probably a typo: say so. */
function warnUnmatched(operations: SourceOperation[], include: OperationFilter | undefined, diagnostics: Diagnostics) {
  for (const tag of include?.tags ?? []) {
    if (!operations.some((operation) => operation.tags.includes(tag))) {
      diagnostics.warn("", `include.tags: no operation has the tag "${tag}"`);
    }
  }
  for (const id of include?.operationIds ?? []) {
    if (!operations.some((operation) => operation.operationId === id)) {
      diagnostics.warn("", `include.operationIds: no operation has the id "${id}"`);
    }
  }
}
