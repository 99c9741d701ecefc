import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";
import { CodegenError } from "../errors.js";

/**
 * The folder holding code templates: this repository's `templates/` when running from a checkout
 * (packages/codegen/dist/emit/ -> ../../../../templates), else the copy a release packs beside `dist/`.
 */
export function templatesRoot(): string {
  const candidates = [new URL("../../../../templates", import.meta.url), new URL("../../templates", import.meta.url)];
  const found = candidates.map((url) => fileURLToPath(url)).find((path) => existsSync(`${path}/generate`));
  if (found !== undefined) return found;
  throw new CodegenError("E_TEMPLATE_MISSING", "The code templates are missing from this @mcpsmith/codegen.", {
    cause: candidates.map(String),
  });
}

const compiled = new Map<string, ReturnType<typeof Handlebars.compile>>();

/**
 * Renders one template (a path under templates/, e.g. `generate/typescript/server.ts.hbs`). Templates only
 * place values the view builders prepared: no escaping (the output is code, not HTML) and strict, so a name
 * missing from the view is an error rather than an empty string in generated code.
 */
export function renderCodeTemplate(path: string, view: object): string {
  let template = compiled.get(path);
  if (template === undefined) {
    const file = `${templatesRoot()}/${path}`;
    if (!existsSync(file)) throw new CodegenError("E_TEMPLATE_MISSING", `The code template ${path} is missing.`);
    template = Handlebars.create().compile(readFileSync(file, "utf8"), { noEscape: true, strict: true });
    compiled.set(path, template);
  }
  return template(view);
}
