/**
 * Tool arguments made up from an input schema so that every value can be found again on the wire: each field gets
 * a marker of its own (strings carry the field's name and a counter, numbers and dates differ per field, formats
 * and enums are honoured), so a value sent in the wrong place, or under another field's name, shows. A marker
 * that would not fit the field's schema (a pattern, a length, a range) gives way to the sample the generated
 * projects use (`sampleOf`), which fits when any value the sampler can make does.
 */
import { fitsSchema } from "../../packages/codegen/dist/emit/openapi/fits.js";
import { sampleOf } from "../../packages/codegen/dist/emit/openapi/sample.js";
import type { JsonSchema } from "../../packages/codegen/dist/ir/types.js";

type Schema = Record<string, unknown>;

/** Makes markers for one call: the counter runs across its fields, so no two fields share a value. */
export class Markers {
  #counter = 0;

  /** `root` holds the `$defs` the fields' `$ref`s point into (the tool's input schema). */
  constructor(private readonly root: JsonSchema) {}

  /**
   * A value for the field `name` of schema `schema`: a marker when one fits, else the sampler's value; `awkward`
   * (a string every encoding step has to get right) is folded into string markers for paths and queries.
   */
  valueFor(name: string, schema: JsonSchema, awkward = ""): unknown {
    const marker = this.#marker(name, this.#resolved(schema), awkward);
    if (marker !== undefined && fitsSchema(marker, schema, this.root)) return marker;
    return sampleOf(schema, this.root);
  }

  /** An object body: the sample, each top-level property then given a marker where the whole still fits. */
  objectFor(schema: JsonSchema): unknown {
    const sample = sampleOf(schema, this.root);
    const properties = this.#resolved(schema).properties as Record<string, JsonSchema> | undefined;
    if (!isPlainObject(sample) || properties === undefined) return sample;
    const value = { ...sample };
    for (const key of Object.keys(value)) {
      const property = properties[key];
      if (property === undefined) continue;
      const marker = this.#marker(key, this.#resolved(property), "");
      if (marker === undefined || !fitsSchema(marker, property, this.root)) continue;
      const before = value[key];
      value[key] = marker;
      if (!fitsSchema(value, schema, this.root)) value[key] = before;
    }
    return value;
  }

  #resolved(schema: JsonSchema): Schema {
    if (typeof schema !== "object") return {};
    const ref = typeof schema.$ref === "string" ? /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1] : undefined;
    if (ref === undefined) return schema as Schema;
    const defs =
      typeof this.root === "object" ? (this.root.$defs as Record<string, JsonSchema> | undefined) : undefined;
    const target = defs?.[decodeURIComponent(ref).replaceAll("~1", "/").replaceAll("~0", "~")];
    return typeof target === "object" ? (target as Schema) : {};
  }

  #marker(name: string, schema: Schema, awkward: string): unknown {
    const n = ++this.#counter;
    if ("const" in schema) return schema.const;
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[n % schema.enum.length];
    switch (typeOf(schema)) {
      case "string":
        return stringMarker(name, n, schema, awkward);
      case "integer":
        return numberMarker(schema, 100 + n * 7, true);
      case "number": {
        // `format: int32`/`int64` on a number takes whole numbers only (Binance's), as the validator checks.
        const whole = schema.format === "int32" || schema.format === "int64";
        return numberMarker(schema, 100 + n * 7 + (whole ? 0 : 0.5), whole);
      }
      case "array": {
        const items = (schema.items as JsonSchema | undefined) ?? { type: "string" };
        const count = Math.max(typeof schema.minItems === "number" ? schema.minItems : 1, 2);
        const max = typeof schema.maxItems === "number" ? schema.maxItems : count;
        const values = Array.from({ length: Math.min(count, max) }, (_, index) =>
          this.valueFor(`${name}${index}`, items),
        );
        // Items no marker distinguishes (objects, booleans) would repeat: as many as the schema asks for, then.
        const distinct = [...new Map(values.map((value) => [JSON.stringify(value), value])).values()];
        return distinct.length === values.length
          ? values
          : values.slice(0, Math.max(schema.minItems as number, 1) || 1);
      }
      default:
        return undefined;
    }
  }
}

const slug = (name: string) => name.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "field";
const pad = (n: number, width: number) => String(n).padStart(width, "0");

function stringMarker(name: string, n: number, schema: Schema, awkward: string): string | undefined {
  const day = `2024-${pad((n % 12) + 1, 2)}-${pad((n % 28) + 1, 2)}`;
  switch (schema.format) {
    case "date":
      return day;
    case "date-time":
      return `${day}T${pad(n % 24, 2)}:${pad(n % 60, 2)}:05Z`;
    case "uuid":
      return `00000000-0000-4000-8000-${pad(n, 12)}`;
    case "email":
      return `${slug(name)}-${n}@example.com`;
    case "uri":
    case "url":
      return `https://example.com/${slug(name)}/${n}`;
    case undefined:
      break;
    default:
      // Formats with a shape of their own (byte, ipv4, hostname, ...) keep the sampler's value.
      return undefined;
  }
  if (typeof schema.pattern === "string" || schema.contentEncoding !== undefined) return undefined;
  return `${slug(name)}-${n}${awkward === "" ? "" : ` ${awkward}`}`;
}

function numberMarker(schema: Schema, wanted: number, integer: boolean): number {
  const min = typeof schema.minimum === "number" ? schema.minimum : Number.NEGATIVE_INFINITY;
  const max = typeof schema.maximum === "number" ? schema.maximum : Number.POSITIVE_INFINITY;
  if (wanted >= min && wanted <= max) return wanted;
  // A narrow range: a value inside it, still different for most fields.
  const low = Number.isFinite(min) ? min : max - 1;
  const span = Number.isFinite(max) ? max - low : 1000;
  const inside = low + (wanted % Math.max(span, 1));
  return integer ? Math.ceil(inside) : inside;
}

function typeOf(schema: Schema): string | undefined {
  if (typeof schema.type === "string") return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== "null") as string | undefined;
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
