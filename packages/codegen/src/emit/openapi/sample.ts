import type { JsonSchema } from "../../ir/types.js";

/**
 * A value that fits a JSON Schema, for the generated mock API's answers and the generated tests' arguments:
 * the schema's own example when it gives one (so the mock answers what the spec documents), else the simplest
 * value of its type and format. `$ref`s are followed inside the root's `$defs`; a cycle stops at optional
 * properties, so recursive schemas give finite values. Undefined when no value can be made up (a required
 * property that only a cycle could fill, `false`). Once a sample holds `MAX_PROPERTIES` properties, optional ones
 * are left out: Microsoft Graph's entities reach hundreds of others through optional properties, and followed
 * six levels deep one sample took gigabytes.
 */
export function sampleOf(schema: JsonSchema, root: JsonSchema = schema): unknown {
  return new Sampler(root).sample(schema, new Set());
}

const MAX_DEPTH = 6;
const MAX_PROPERTIES = 64;

const STRING_FORMATS: Record<string, string> = {
  "date-time": "2024-01-02T03:04:05Z",
  date: "2024-01-02",
  time: "03:04:05Z",
  email: "user@example.com",
  uri: "https://example.com/",
  url: "https://example.com/",
  uuid: "3f2b8c1e-5d4a-4b6f-9e7d-2a1c0b9d8e7f",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  hostname: "example.com",
  byte: "aGVsbG8=",
  binary: "aGVsbG8=",
};

type Schema = { [keyword: string]: unknown };

class Sampler {
  /** Properties placed so far in this sample, across every level. */
  private properties = 0;

  constructor(private readonly root: JsonSchema) {}

  sample(schema: JsonSchema, refs: Set<string>): unknown {
    if (schema === true) return "value";
    if (schema === false || refs.size > MAX_DEPTH) return undefined;
    if (typeof schema.$ref === "string") return this.#reference(schema.$ref, refs);
    for (const keyword of ["const", "default"]) if (keyword in schema) return schema[keyword];
    if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
    if ("example" in schema) return schema.example;
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
    if (Array.isArray(schema.allOf)) return this.#allOf(schema.allOf as JsonSchema[], refs);
    for (const keyword of ["oneOf", "anyOf"]) {
      const members = schema[keyword];
      if (Array.isArray(members) && members.length > 0) return this.sample(members[0] as JsonSchema, refs);
    }
    return this.#ofType(schema, typeOf(schema), refs);
  }

  #reference(ref: string, refs: Set<string>): unknown {
    if (refs.has(ref)) return undefined;
    const name = /^#\/\$defs\/(.+)$/.exec(ref)?.[1];
    const defs =
      typeof this.root === "object" ? (this.root.$defs as Record<string, JsonSchema> | undefined) : undefined;
    const target = name === undefined ? undefined : defs?.[decodePointer(name)];
    if (target === undefined) return undefined;
    return this.sample(target, new Set([...refs, ref]));
  }

  #allOf(members: JsonSchema[], refs: Set<string>): unknown {
    const parts = members.map((member) => this.sample(member, refs));
    if (parts.every((part) => typeof part === "object" && part !== null && !Array.isArray(part))) {
      return Object.assign({}, ...parts);
    }
    return parts.find((part) => part !== undefined);
  }

  #ofType(schema: Schema, type: string | undefined, refs: Set<string>): unknown {
    switch (type) {
      case "object":
        return this.#object(schema, refs);
      case "array": {
        const item = this.sample((schema.items as JsonSchema | undefined) ?? true, refs);
        const count = typeof schema.minItems === "number" ? schema.minItems : 1;
        return item === undefined ? [] : Array.from({ length: Math.max(count, 1) }, () => item);
      }
      case "integer":
        return typeof schema.minimum === "number" ? Math.ceil(schema.minimum) : 1;
      case "number":
        return typeof schema.minimum === "number" ? schema.minimum : 1;
      case "boolean":
        return true;
      case "null":
        return null;
      case "string":
        return stringOf(schema);
      default:
        return schema.properties === undefined ? "value" : this.#object(schema, refs);
    }
  }

  #object(schema: Schema, refs: Set<string>): unknown {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    const value: Record<string, unknown> = {};
    const extra = schema.additionalProperties;
    if (schema.properties === undefined && typeof extra === "object" && extra !== null) {
      // A map (`{ [status]: count }`): one made-up entry shows its shape.
      const item = this.sample(extra as JsonSchema, refs);
      if (item !== undefined) value.key = item;
    }
    for (const [name, property] of Object.entries(properties)) {
      if (!required.has(name) && this.properties >= MAX_PROPERTIES) continue;
      const item = this.sample(property, refs);
      if (item !== undefined) {
        value[name] = item;
        this.properties++;
      } else if (required.has(name)) return undefined;
    }
    return value;
  }
}

/** The first non-null type of `type` (a 3.1 type array), or the type implied by the keywords present. */
function typeOf(schema: Schema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== "null") : schema.type;
  if (typeof type === "string") return type;
  if (schema.items !== undefined) return "array";
  return undefined;
}

function stringOf(schema: Schema): string {
  if (schema.contentEncoding === "base64") return "aGVsbG8=";
  const known = typeof schema.format === "string" ? STRING_FORMATS[schema.format] : undefined;
  if (known !== undefined) return known;
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Number.POSITIVE_INFINITY;
  return "example".padEnd(min, "x").slice(0, Math.max(max, 1));
}

function decodePointer(segment: string): string {
  return decodeURIComponent(segment).replaceAll("~1", "/").replaceAll("~0", "~");
}
