// Writes the TypeScript standard library's declarations into dist/typescript-lib, where the schema extraction's
// compiler reads them (src/sources/typescript/compiler.ts). They are ts-morph's copies, made for the very compiler
// it bundles and with their comments stripped (a third of the text to parse); ts-morph keeps them in the source of
// a large module that every run would otherwise load. manifest.json holds the compiler version
// they belong to and which of them are modules (`export {}` with `declare global`), which cannot be concatenated
// with the others (src/sources/typescript/standard-library.ts).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const fromTsMorph = createRequire(createRequire(import.meta.url).resolve("ts-morph"));
const { getLibFiles, ts } = fromTsMorph("@ts-morph/common");
const folder = fileURLToPath(new URL("../dist/typescript-lib/", import.meta.url));

rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });
const modules = [];
for (const { fileName, text } of getLibFiles()) {
  writeFileSync(join(folder, fileName), text);
  if (ts.isExternalModule(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest))) modules.push(fileName);
}
writeFileSync(join(folder, "manifest.json"), `${JSON.stringify({ version: ts.version, modules }, null, 2)}\n`);
