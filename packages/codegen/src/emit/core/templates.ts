import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { CodegenError } from "../../errors.js";

/**
 * The folder holding the templates, code templates and `mcpsmith new`'s project skeletons alike: this repository's
 * `templates/` when running from a checkout (packages/codegen/dist/emit/core/ -> ../../../../../templates), else the
 * copy a release packs beside `dist/` (the `prepack` script).
 */
export function templatesRoot(): string {
  const candidates = [
    new URL("../../../../../templates", import.meta.url),
    new URL("../../../templates", import.meta.url),
  ];
  const found = candidates.map((url) => fileURLToPath(url)).find((path) => existsSync(`${path}/generate`));
  if (found !== undefined) return found;
  throw new CodegenError("E_TEMPLATE_MISSING", "The templates are missing from this @mcpsmith/codegen.", {
    cause: candidates.map(String),
  });
}

/**
 * The folders under templates/ that hold code templates: `project` what every generated project has, one folder per
 * emitter, `compose` a project of several sources (the others are `mcpsmith new`'s project skeletons).
 */
export const CODE_TEMPLATE_DIRS = ["generate", "project", "openapi", "database", "compose"] as const;

/**
 * How code templates are compiled, at build time and at run time alike. Templates only place values the view
 * builders prepared: no escaping (the output is code, not HTML) and strict, so a name missing from the view is
 * an error rather than an empty string in generated code.
 */
export const CODE_TEMPLATE_OPTIONS = { noEscape: true, strict: true } as const;

/** What scripts/precompile-templates.mjs writes for each template: the text it compiled and the result. */
export interface PrecompiledTemplate {
  source: string;
  spec: TemplateSpecification;
}

/** Written by scripts/precompile-templates.mjs beside the built version of this module (not present in src/). */
const PRECOMPILED_MODULE = "./templates.precompiled.cjs";

type Template = (view: object) => string;

const require = createRequire(import.meta.url);
const rendered = new Map<string, Template>();
let precompiled: Record<string, PrecompiledTemplate> | undefined;

/**
 * Renders one template (a path under templates/, e.g. `generate/typescript/server.ts.hbs`). A template
 * precompiled by the build needs only Handlebars' small runtime; one edited since the build (its text differs
 * from the text it was compiled from) or never precompiled is compiled here, with the same options, so the
 * output is the same either way and templates/ stays the one source.
 */
export function renderCodeTemplate(path: string, view: object): string {
  let template = rendered.get(path);
  if (template === undefined) {
    template = loadTemplate(path);
    rendered.set(path, template);
  }
  return template(view);
}

function loadTemplate(path: string): Template {
  const file = `${templatesRoot()}/${path}`;
  if (!existsSync(file)) throw new CodegenError("E_TEMPLATE_MISSING", `The code template ${path} is missing.`);
  const source = readFileSync(file, "utf8");
  const ready = precompiledTemplates()[path];
  if (ready?.source === source) {
    const runtime = require("handlebars/runtime") as typeof import("handlebars");
    return runtime.create().template(ready.spec);
  }
  const handlebars = require("handlebars") as typeof import("handlebars");
  return handlebars.create().compile(source, CODE_TEMPLATE_OPTIONS);
}

function precompiledTemplates(): Record<string, PrecompiledTemplate> {
  if (precompiled === undefined) {
    const built = fileURLToPath(new URL(PRECOMPILED_MODULE, import.meta.url));
    precompiled = existsSync(built) ? (require(built) as Record<string, PrecompiledTemplate>) : {};
  }
  return precompiled;
}
