import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import Handlebars from "handlebars";
import { CliError } from "../errors.js";

/** A rendered project: relative path (with `/`) -> file content, in a stable order. */
export type RenderedFiles = Map<string, string>;

/**
 * Renders every `*.hbs` file under a template folder with the view. The output tree mirrors the template
 * tree minus the `.hbs` suffix; a leading `_` in a file name becomes `.` (`_gitignore` -> `.gitignore`),
 * because npm drops dotfiles like .gitignore from published packages. Rendering is strict: a template
 * naming a value the view does not have is an error, not an empty string.
 */
export function renderTemplate(folder: string, view: object): RenderedFiles {
  const handlebars = Handlebars.create();
  // `{{json value}}`: JSON with two-space indentation, for package.json and host config snippets.
  handlebars.registerHelper("json", (value: unknown) => JSON.stringify(value, null, 2));
  const files: RenderedFiles = new Map();
  for (const path of listFiles(folder)) {
    const source = relative(folder, path).split(sep).join("/");
    if (!source.endsWith(".hbs")) continue;
    const target = source
      .slice(0, -".hbs".length)
      .split("/")
      .map((part) => part.replace(/^_/, "."))
      .join("/");
    try {
      const template = handlebars.compile(readFileSync(path, "utf8"), { noEscape: true, strict: true });
      files.set(target, template(view));
    } catch (error) {
      throw new CliError("E_TEMPLATE_MISSING", `Template ${source} failed to render: ${(error as Error).message}`, {
        hint: "This is a bug in the template; please report it.",
        cause: error,
      });
    }
  }
  return files;
}

function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(folder, entry.name);
      return entry.isDirectory() ? listFiles(path) : [path];
    });
}
