import { createRequire } from "node:module";

type Check = RegExp | ((value: string | number) => boolean);
type FormatDefinition = boolean | Check | { type?: "string" | "number"; validate: Check };

let formats: Record<string, FormatDefinition> | undefined;

/**
 * Whether a value passes the format `name` as the runtime's validator checks it (json-validator.ts: Ajv with
 * ajv-formats' full definitions, read from ajv-formats itself so there is one set of rules): a string against the
 * string formats, a number against the number formats (`int32`, `int64`: Binance's `type: number, format: int64`
 * takes whole numbers only); true for a format it does not check (one it does not know, `password`, `binary`) and for
 * a format of the other kind of value. For what checks values before the runtime does: codegen's samples and the
 * tests it writes.
 */
export function satisfiesFormat(name: string, value: string | number): boolean {
  formats ??= (createRequire(import.meta.url)("ajv-formats/dist/formats.js") as { fullFormats: typeof formats })
    .fullFormats;
  const definition = formats?.[name];
  if (definition === undefined || typeof definition === "boolean") return true;
  const forNumbers = typeof definition === "object" && !(definition instanceof RegExp) && definition.type === "number";
  if (forNumbers !== (typeof value === "number")) return true;
  const check = definition instanceof RegExp || typeof definition === "function" ? definition : definition.validate;
  return check instanceof RegExp ? check.test(String(value)) : check(value as never);
}
