// Precompiles the code templates (CODE_TEMPLATE_DIRS of templates/) into dist/emit/core/templates.precompiled.cjs,
// so generating code loads Handlebars' small runtime instead of its parser and compiler (on a petstore run they
// were about a tenth of the CPU time). templates/ stays the source: each entry keeps the text it was compiled
// from, and renderCodeTemplate compiles at run time any template edited since this ran. Run after tsc: it reads
// the directories and options from the built templates module, so build and run time compile alike.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import Handlebars from "handlebars";
import { CODE_TEMPLATE_DIRS, CODE_TEMPLATE_OPTIONS, templatesRoot } from "../dist/emit/core/templates.js";

const root = templatesRoot();
const entries = CODE_TEMPLATE_DIRS.flatMap((dir) => templateFiles(join(root, dir)))
  .sort()
  .map((file) => {
    const source = readFileSync(file, "utf8");
    const spec = Handlebars.precompile(source, CODE_TEMPLATE_OPTIONS);
    return `  ${JSON.stringify(relative(root, file))}: {\n    source: ${JSON.stringify(source)},\n    spec: ${spec},\n  },\n`;
  });

writeFileSync(
  new URL("../dist/emit/core/templates.precompiled.cjs", import.meta.url),
  `// Written by packages/codegen/scripts/precompile-templates.mjs from templates/: not to be edited.\n"use strict";\nmodule.exports = {\n${entries.join("")}};\n`,
);

function templateFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".hbs"))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}
