import { createRequire } from "node:module";

type Check = RegExp | ((value: string) => boolean);
type FormatDefinition = boolean | Check | { type?: "string" | "number"; validate: Check };

let formats: Record<string, FormatDefinition> | undefined;

/**
 * Whether a string passes the format `name` as the runtime's validator checks it (json-validator.ts: Ajv with
 * ajv-formats' full definitions, read from ajv-formats itself so there is one set of rules): true for a format it does
 * not check (one it does not know, `password`, `binary`) and for the number formats (`int32`, `float`), which say
 * nothing of strings. For what checks values before the runtime does: codegen's samples and the tests it writes.
 */
export function satisfiesFormat(name: string, value: string): boolean {
  formats ??= (createRequire(import.meta.url)("ajv-formats/dist/formats.js") as { fullFormats: typeof formats })
    .fullFormats;
  const definition = formats?.[name];
  if (definition === undefined || typeof definition === "boolean") return true;
  if (definition instanceof RegExp || typeof definition === "function") return passes(definition, value);
  return definition.type === "number" || passes(definition.validate, value);
}

function passes(check: Check, value: string): boolean {
  return check instanceof RegExp ? check.test(value) : check(value);
}
