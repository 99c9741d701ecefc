import type { JsonSchema } from "../../ir/types.js";
import { fitsSchema, matchesPattern } from "./fits.js";
import { sampleForPattern } from "./pattern-sample.js";

/**
 * A value that fits a JSON Schema, for the generated mock API's answers and the generated tests' arguments:
 * the schema's own const, default, example or enum value when one fits the schema (so the mock answers what the
 * spec documents; an example that breaks its own schema, as documents have, is passed over), else the simplest
 * value of its type and format, or a string its `pattern` matches. `$ref`s are followed inside the root's `$defs`;
 * a cycle stops at optional properties, so recursive schemas give finite values. Undefined when no value can be
 * made up (a required property that only a cycle could fill, a pattern too intricate to generate from, `false`).
 * Once a sample holds `MAX_PROPERTIES` properties, optional ones are left out: Microsoft Graph's entities reach
 * hundreds of others through optional properties, and followed six levels deep one sample took gigabytes.
 */
export function sampleOf(schema: JsonSchema, root: JsonSchema = schema): unknown {
  return new Sampler(root).sample(schema, new Set());
}

const MAX_DEPTH = 6;
/**
 * How deep a union member's sample is checked against the union: its own level and its properties' (where a
 * discriminating `type: { const }` sits). Below that each union was checked when it was sampled; checking all of
 * it again at every level above doubled Microsoft Graph's sampling, where every entity is `anyOf: [{ $ref }, ...]`.
 */
const UNION_CHECK_LEVELS = 1;
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
  duration: "P1DT2H",
};

type Schema = { [keyword: string]: unknown };

/** What a definition's sample depended on besides the definition itself and the `$defs` its `$ref`s point into. */
interface Dependence {
  /** Every `$ref` met while sampling it: followed, or stopped at as a cycle. */
  checked: Set<string>;
  /** Whether an optional property was left out for `MAX_PROPERTIES`. */
  capped: boolean;
}

/**
 * A definition's sample and the state it was made in. Sampling is deterministic, so the same definition gives the
 * same value wherever the few facts it read are the same: how deep the path of `$ref`s is (`MAX_DEPTH`), which of
 * the `$ref`s it met are on that path (the cycles it stops at), and, for `MAX_PROPERTIES`, the properties placed
 * so far: the same count when it left one out, else any count that leaves room for all it placed.
 */
class Remembered {
  private readonly depth: number;
  /** The `$ref`s of the path it was sampled under that it met. */
  private readonly onPath: Set<string>;

  constructor(
    readonly value: unknown,
    readonly dependence: Dependence,
    refs: Set<string>,
    private readonly properties: number,
    readonly added: number,
  ) {
    this.depth = refs.size;
    this.onPath = new Set([...refs].filter((ref) => dependence.checked.has(ref)));
  }

  holdsFor(refs: Set<string>, properties: number): boolean {
    if (refs.size !== this.depth) return false;
    const room = !this.dependence.capped && properties + this.added < MAX_PROPERTIES;
    if (properties !== this.properties && !room) return false;
    let met = 0;
    for (const ref of refs) {
      if (!this.dependence.checked.has(ref)) continue;
      if (!this.onPath.has(ref)) return false;
      met++;
    }
    return met === this.onPath.size;
  }
}

/** Samples remembered per definition, for as many different states. */
const REMEMBERED_PER_DEFINITION = 8;
const rememberedByDefs = new WeakMap<object, Map<string, Remembered[]>>();

function rememberedOf(defs: object, ref: string): Remembered[] {
  let byRef = rememberedByDefs.get(defs);
  if (byRef === undefined) {
    byRef = new Map();
    rememberedByDefs.set(defs, byRef);
  }
  let remembered = byRef.get(ref);
  if (remembered === undefined) {
    remembered = [];
    byRef.set(ref, remembered);
  }
  return remembered;
}

class Sampler {
  /** Properties placed so far in this sample, across every level. */
  private properties = 0;
  /** What the innermost definition being sampled depends on, while one is. */
  #dependence: Dependence | undefined;

  constructor(private readonly root: JsonSchema) {}

  sample(schema: JsonSchema, refs: Set<string>): unknown {
    if (schema === true) return "value";
    if (schema === false || takesNoValue(schema) || refs.size > MAX_DEPTH) return undefined;
    if (typeof schema.$ref === "string") return this.#reference(schema.$ref, refs);
    const fitting = givenValues(schema).find((value) => fitsSchema(value, schema, this.root));
    if (fitting !== undefined) return fitting;
    // A const or enum that breaks the rest of its schema leaves nothing else to try.
    if ("const" in schema) return schema.const;
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
    if (Array.isArray(schema.allOf)) return this.#allOf(schema, refs);
    for (const keyword of ["oneOf", "anyOf"]) {
      const members = schema[keyword];
      if (Array.isArray(members) && members.length > 0)
        return this.#member(schema, keyword, members as JsonSchema[], refs);
    }
    return this.#ofType(schema, typeOf(schema), refs);
  }

  /**
   * The sample of the first union member whose sample fits the whole schema, else of the first member. A member
   * that only adds to the object its siblings describe (`properties` beside `anyOf: [{ required: [a] }, ...]`) is
   * sampled together with them, and then also with the required properties only, for a `not` that forbids both.
   */
  #member(schema: Schema, keyword: string, members: JsonSchema[], refs: Set<string>): unknown {
    const { [keyword]: _members, ...siblings } = schema;
    const shared = "type" in siblings || "properties" in siblings;
    const tag = (schema.discriminator as { propertyName?: unknown } | undefined)?.propertyName;
    let first: unknown;
    for (const [index, member] of members.entries()) {
      const together =
        shared && typeof member === "object" && member.$ref === undefined ? merged(siblings, member) : undefined;
      const candidates = together === undefined ? [member] : [together, requiredOnly(together)];
      for (const candidate of candidates) {
        let value = this.sample(candidate, refs);
        // Members that require nothing all take an object without the discriminator's property (Okta's five
        // identity provider protocols, told apart by `type`): the member's own value of it tells them apart.
        if (typeof tag === "string" && isPlainObject(value) && !Object.hasOwn(value, tag)) {
          const named = this.#discriminatorValue(schema, member, tag, refs);
          if (named !== undefined) value = { ...value, [tag]: named };
        }
        if (index === 0 && first === undefined) first = value;
        if (value !== undefined && fitsSchema(value, schema, this.root, UNION_CHECK_LEVELS)) return value;
      }
    }
    return first;
  }

  /**
   * The value of the discriminator's property `tag` that names `member`: its key in the discriminator's mapping, else
   * the member's own schema for the property, else (OpenAPI's implicit mapping) the name of the schema it refers to.
   */
  #discriminatorValue(schema: Schema, member: JsonSchema, tag: string, refs: Set<string>): unknown {
    const ref = typeof member === "object" ? member.$ref : undefined;
    const mapping = (schema.discriminator as { mapping?: unknown }).mapping;
    if (typeof ref === "string" && isPlainObject(mapping)) {
      const key = Object.keys(mapping).find((name) => mapping[name] === ref);
      if (key !== undefined) return key;
    }
    const [own] = this.#definitionsOf([member], tag);
    if (own !== undefined) return this.sample(own, refs);
    return typeof ref === "string" ? decodePointer(ref.slice(ref.lastIndexOf("/") + 1)) : undefined;
  }

  /**
   * A definition's sample, remembered (see `Remembered`) for every sample made with the same `$defs`: a large API's
   * tools reach the same definitions again and again (GitHub's), each time as the same value.
   */
  #reference(ref: string, refs: Set<string>): unknown {
    this.#dependence?.checked.add(ref);
    const defs =
      typeof this.root === "object" ? (this.root.$defs as Record<string, JsonSchema> | undefined) : undefined;
    if (refs.has(ref) || defs === undefined) return undefined;
    const remembered = rememberedOf(defs, ref);
    const same = remembered.find((entry) => entry.holdsFor(refs, this.properties));
    if (same !== undefined) {
      this.properties += same.added;
      this.#depend(same.dependence);
      return same.value;
    }
    const name = /^#\/\$defs\/(.+)$/.exec(ref)?.[1];
    const target = name === undefined ? undefined : defs[decodePointer(name)];
    if (target === undefined) return undefined;
    const outer = this.#dependence;
    const dependence: Dependence = { checked: new Set(), capped: false };
    const before = this.properties;
    this.#dependence = dependence;
    const value = this.sample(target, new Set([...refs, ref]));
    this.#dependence = outer;
    this.#depend(dependence);
    if (remembered.length < REMEMBERED_PER_DEFINITION) {
      remembered.push(new Remembered(value, dependence, refs, before, this.properties - before));
    }
    return value;
  }

  /** Adds what a definition's sample depended on to what the definition being sampled around it depends on. */
  #depend(inner: Dependence): void {
    if (this.#dependence === undefined) return;
    for (const ref of inner.checked) this.#dependence.checked.add(ref);
    if (inner.capped) this.#dependence.capped = true;
  }

  /**
   * The members' samples joined into one object, the object keywords beside `allOf` counted as one more member.
   * A member may require what only another defines (DigitalOcean's `{ required: [total] }` beside a `meta` that
   * lists `total` as optional, and left it out past `MAX_PROPERTIES`), or define a property another defines too:
   * such a property is made to fit every member's schema for it. A member that is only an annotation
   * (`{ description }` beside a `$ref`, as DigitalOcean writes) samples as a string, so when the members disagree
   * on the type, the first value fitting the whole schema is taken.
   */
  #allOf(schema: Schema, refs: Set<string>): unknown {
    const members = schema.allOf as JsonSchema[];
    const all = OBJECT_KEYWORDS.some((keyword) => keyword in schema) ? [...members, siblingsOf(schema)] : members;
    const parts = all.map((member) => this.sample(member, refs));
    // A value of the allOf is one of every member: Elasticsearch's boosting query is its base and three required
    // queries only a cycle reaches, and its base alone is no boosting query.
    if (parts.includes(undefined)) return undefined;
    const objects = parts.filter(isPlainObject);
    const joined = objects.length === 0 ? undefined : this.#fitted(objects, all, refs);
    if (joined !== undefined) this.#heldToFewest(joined, all, parts);
    if (joined !== undefined && objects.length === parts.length) return joined;
    const candidates = [joined, ...parts.filter((part) => !isPlainObject(part))];
    const fitting = candidates.find(
      (candidate) => candidate !== undefined && fitsSchema(candidate, schema, this.root, UNION_CHECK_LEVELS),
    );
    return fitting ?? joined ?? parts[0];
  }

  /**
   * The members' objects joined (see `joined`), a property two of them hold or one only guessed made to fit
   * every member's schema for it; undefined when one cannot be made. Each member's sample holds every property
   * that member requires (guessed, when it does not define it), so nothing required is missing. A property only
   * one member's sample holds fits that member's schema and is not checked against the others': Microsoft
   * Graph's entity chains would pay for that on every sample.
   */
  #fitted(
    objects: Record<string, unknown>[],
    members: JsonSchema[],
    refs: Set<string>,
  ): Record<string, unknown> | undefined {
    const { value, guessed, checked } = joined(objects);
    for (const name of checked) {
      const schemas = this.#definitionsOf(members, name);
      // A guess no member defines stays; a value of the only schema members give it, or that all of them take, too.
      if (schemas.length === 0) continue;
      const together: JsonSchema = schemas.length === 1 ? schemas[0]! : { allOf: schemas };
      const defined = !guessed.has(name);
      if (defined && (schemas.length === 1 || fitsSchema(value[name], together, this.root, UNION_CHECK_LEVELS)))
        continue;
      guessed.delete(name);
      const item = this.sample(together, refs);
      if (item === undefined) return undefined;
      value[name] = item;
    }
    if (guessed.size > 0) guessedNames.set(value, guessed);
    return value;
  }

  /**
   * The joined object with optional properties left out, down to the fewest properties a member allows:
   * `maxProperties` counts every property of the value, those the other members put in too (Elasticsearch's
   * aggregation is `allOf` its sub-aggregations and meta, and exactly one kind of aggregation). What a member requires
   * stays; of the rest, what a member bounding the count put in goes first, as that member may need some of it.
   */
  #heldToFewest(value: Record<string, unknown>, members: JsonSchema[], parts: unknown[]): void {
    const schemas = members.map((member) =>
      typeof member === "object" && typeof member.$ref === "string" ? this.#definition(member.$ref) : member,
    );
    const bounds = schemas.map((schema) => (typeof schema === "object" ? schema.maxProperties : undefined));
    const fewest = Math.min(...bounds.filter((bound): bound is number => typeof bound === "number"));
    const names = Object.keys(value);
    if (names.length <= fewest) return;
    const kept = new Set<string>();
    for (const schema of schemas) {
      const required = typeof schema === "object" && Array.isArray(schema.required) ? schema.required : [];
      for (const name of required) if (Object.hasOwn(value, name as string)) kept.add(name as string);
    }
    const bounding = parts.filter((part, i) => {
      const schema = schemas[i];
      const counts = typeof schema === "object" && (schema.maxProperties ?? schema.minProperties) !== undefined;
      return counts && isPlainObject(part);
    }) as Record<string, unknown>[];
    for (const name of [...bounding.flatMap((part) => Object.keys(part)), ...names]) {
      if (kept.size >= fewest) break;
      kept.add(name);
    }
    for (const name of names) if (!kept.has(name)) delete value[name];
  }

  /** Every schema the members give the property `name`, through their `$ref`s and nested `allOf`s. */
  #definitionsOf(members: JsonSchema[], name: string): JsonSchema[] {
    const schemas: JsonSchema[] = [];
    const seen = new Set<object>();
    const visit = (schema: JsonSchema | undefined) => {
      if (typeof schema !== "object" || seen.has(schema)) return;
      seen.add(schema);
      if (typeof schema.$ref === "string") visit(this.#definition(schema.$ref));
      const properties = schema.properties as Record<string, JsonSchema> | undefined;
      const property = properties !== undefined && Object.hasOwn(properties, name) ? properties[name] : undefined;
      if (property !== undefined && !schemas.includes(property)) schemas.push(property);
      if (Array.isArray(schema.allOf)) for (const member of schema.allOf as JsonSchema[]) visit(member);
    };
    for (const member of members) visit(member);
    return schemas;
  }

  #definition(ref: string): JsonSchema | undefined {
    const defs =
      typeof this.root === "object" ? (this.root.$defs as Record<string, JsonSchema> | undefined) : undefined;
    const name = /^#\/\$defs\/(.+)$/.exec(ref)?.[1];
    return name === undefined ? undefined : defs?.[decodePointer(name)];
  }

  #ofType(schema: Schema, type: string | undefined, refs: Set<string>): unknown {
    switch (type) {
      case "object":
        return this.#object(schema, refs);
      case "array":
        return this.#array(schema, refs);
      case "integer":
      case "number":
        // `format: int32`/`int64` on a number takes whole numbers only, as the validator checks.
        return numberOf(schema, type === "integer" || schema.format === "int32" || schema.format === "int64");
      case "boolean":
        return true;
      case "null":
        return null;
      case "string": {
        // A nullable string no made-up string fits is null: Microsoft Graph's `dueTime` is a `time`, which needs a
        // zone its pattern forbids. Only a pattern can leave the made-up string unfitting, so only then is it checked.
        const text = stringOf(schema);
        const checked = typeof schema.pattern === "string" && admitsNull(schema);
        if (checked && (text === undefined || !fitsSchema(text, schema, this.root, 0))) return null;
        return text;
      }
      default:
        return schema.properties === undefined && schema.required === undefined ? "value" : this.#object(schema, refs);
    }
  }

  /**
   * A tuple's members (`prefixItems`: Frigate's `[x1, y1, x2, y2]` crops), then `items` up to `minItems` (one at
   * least). A member that cannot be made leaves the array at the members before it, if `minItems` allows; if it does
   * not (openEO's JSON Schemas nest `items: [schema, ...]` with `minItems: 1` in themselves), no array can be made.
   */
  #array(schema: Schema, refs: Set<string>): unknown[] | undefined {
    const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as JsonSchema[]) : [];
    const required = typeof schema.minItems === "number" ? schema.minItems : 0;
    const least = Math.max(required, prefix.length === 0 ? 1 : 0);
    const value: unknown[] = [];
    for (const member of prefix) {
      const item = this.sample(member, refs);
      if (item === undefined) break;
      value.push(item);
    }
    const items = (schema.items as JsonSchema | undefined) ?? (prefix.length > 0 ? false : true);
    const item =
      value.length === prefix.length && value.length < least && items !== false ? this.sample(items, refs) : undefined;
    if (item !== undefined && schema.uniqueItems === true) {
      value.push(...this.#distinct(item, items, least - value.length));
    } else {
      while (item !== undefined && value.length < least) value.push(item);
    }
    return value.length < required ? undefined : value;
  }

  /**
   * `count` items that differ, for an array whose items must be unique (Discord's bulk delete takes two to a hundred
   * distinct message ids): the sample, then the schema's listed values and variants of the sample, each kept only
   * where it fits the items' schema. Fewer when no more can be made, which leaves the array short of `minItems`.
   */
  #distinct(first: unknown, items: JsonSchema, count: number): unknown[] {
    const values = [first];
    const schema = typeof items === "object" && typeof items.$ref === "string" ? this.#definition(items.$ref) : items;
    const listed = typeof schema === "object" ? givenValues(schema) : [];
    const variants = (i: number): unknown[] =>
      typeof first === "string"
        ? [`${i}${first}`, `${first}${i}`, `${first}-${i}`]
        : typeof first === "number"
          ? [
              first + i,
              first - i,
              first + i * (typeof schema === "object" && typeof schema.multipleOf === "number" ? schema.multipleOf : 1),
            ]
          : typeof first === "boolean" && i === 1
            ? [!first]
            : [];
    const candidates = [...listed, ...Array.from({ length: count * 2 }, (_, i) => variants(i + 1)).flat()];
    for (const candidate of candidates) {
      if (values.length >= count) break;
      const fresh = !values.some((value) => JSON.stringify(value) === JSON.stringify(candidate));
      if (fresh && fitsSchema(candidate, items, this.root)) values.push(candidate);
    }
    return values;
  }

  #object(schema: Schema, refs: Set<string>): unknown {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    const value: Record<string, unknown> = {};
    const extra = schema.additionalProperties;
    if (schema.properties === undefined && typeof extra === "object" && extra !== null) {
      // A map (`{ [status]: count }`): one made-up entry shows its shape, under a name `propertyNames` allows.
      const item = this.sample(extra as JsonSchema, refs);
      const name =
        schema.propertyNames === undefined ? undefined : this.sample(schema.propertyNames as JsonSchema, refs);
      if (item !== undefined) value[typeof name === "string" ? name : "key"] = item;
    }
    // `minProperties`/`maxProperties` count every property: Elasticsearch's query container holds exactly one of its
    // sixty, none of them required. Required ones always go in; the others fill what is left, past the cap if need be.
    const least = typeof schema.minProperties === "number" ? schema.minProperties : 0;
    let optional = (typeof schema.maxProperties === "number" ? schema.maxProperties : Infinity) - required.size;
    for (const [name, property] of Object.entries(properties)) {
      if (!required.has(name)) {
        if (optional <= 0) continue;
        if (this.properties >= MAX_PROPERTIES && Object.keys(value).length + required.size >= least) {
          if (this.#dependence !== undefined) this.#dependence.capped = true;
          continue;
        }
      }
      const item = this.sample(property, refs);
      if (item !== undefined) {
        value[name] = item;
        this.properties++;
        if (!required.has(name)) optional--;
      } else if (required.has(name)) return undefined;
    }
    // A required property the schema does not define (Box's `required: [grant_type]` beside other properties).
    let guessed: Set<string> | undefined;
    for (const name of required) {
      if (Object.hasOwn(properties, name)) continue;
      const undefinedProperty = undefinedPropertyOf(schema, name);
      const item = undefinedProperty === undefined ? undefined : this.sample(undefinedProperty, refs);
      if (item === undefined) return undefined;
      value[name] = item;
      this.properties++;
      guessed ??= new Set();
      guessed.add(name);
    }
    if (guessed !== undefined) guessedNames.set(value, guessed);
    // Too few still: entries under made-up names, where the schema lets other properties in.
    for (let n = Object.keys(value).length + 1; n <= least && extra !== false; n++) {
      const item = typeof extra === "object" && extra !== null ? this.sample(extra as JsonSchema, refs) : "value";
      if (item === undefined) break;
      value[`key${n}`] = item;
    }
    // Elasticsearch's `common` query is a map of one entry whose value only a cycle reaches: none can be made.
    return Object.keys(value).length < least ? undefined : value;
  }
}

/**
 * The simplest number the bounds and `multipleOf` take: 1 when it fits, else the lowest one past the lower bound
 * (an exclusive bound excluded: Text Generation Inference's `seed` is over 0), else the highest under the upper one.
 * An integer is a whole multiple of `multipleOf` (the New York Times' `offset` goes by 20) or of 1.
 */
function numberOf(schema: Schema, integer: boolean): number {
  const bound = (name: string) => (typeof schema[name] === "number" ? (schema[name] as number) : undefined);
  const [minimum, maximum] = [bound("minimum"), bound("maximum")];
  // OpenAPI 3.0's boolean form of the exclusive bounds makes `minimum`/`maximum` exclusive.
  const exclusiveMinimum = bound("exclusiveMinimum") ?? (schema.exclusiveMinimum === true ? minimum : undefined);
  const exclusiveMaximum = bound("exclusiveMaximum") ?? (schema.exclusiveMaximum === true ? maximum : undefined);
  const declared = bound("multipleOf");
  const step = declared !== undefined && declared > 0 ? declared : integer ? 1 : undefined;
  const fits = (n: number) =>
    (minimum === undefined || n >= minimum) &&
    (maximum === undefined || n <= maximum) &&
    (exclusiveMinimum === undefined || n > exclusiveMinimum) &&
    (exclusiveMaximum === undefined || n < exclusiveMaximum) &&
    (step === undefined || Number.isInteger(n / step));
  const low = Math.max(minimum ?? -Infinity, exclusiveMinimum ?? -Infinity);
  const high = Math.min(maximum ?? Infinity, exclusiveMaximum ?? Infinity);
  const candidates = step === undefined ? [1] : [1, step];
  if (low > -Infinity) {
    if (step === undefined) candidates.push(low, low + 1, (low + Math.min(high, low + 2)) / 2);
    else candidates.push(Math.ceil(low / step) * step, (Math.floor(low / step) + 1) * step);
  }
  if (high < Infinity) {
    if (step === undefined) candidates.push(high, high - 1, (high + Math.max(low, high - 2)) / 2);
    else candidates.push(Math.floor(high / step) * step, (Math.ceil(high / step) - 1) * step);
  }
  return candidates.find(fits) ?? (minimum !== undefined ? (integer ? Math.ceil(minimum) : minimum) : 1);
}

/** Keywords beside `allOf` that say something about an object, making them one more member to sample. */
const OBJECT_KEYWORDS = ["properties", "required", "additionalProperties", "patternProperties", "anyOf", "oneOf"];

/**
 * The properties of a sampled object that were required but not defined where they were filled in: an allOf
 * member that defines one gives its own value instead. Kept by value, as samples are remembered across roots.
 */
const guessedNames = new WeakMap<object, Set<string>>();

/** The keywords beside `allOf`, as a member of their own. */
function siblingsOf(schema: Schema): Schema {
  const { allOf: _members, ...siblings } = schema;
  return siblings;
}

/**
 * The members' objects in one, a value one only guessed (see `guessedNames`) giving way to another's: the names
 * still guessed, and those to check against every member: guessed ones and those two members' samples hold.
 */
function joined(objects: Record<string, unknown>[]): {
  value: Record<string, unknown>;
  guessed: Set<string>;
  checked: Set<string>;
} {
  const value: Record<string, unknown> = {};
  const guessed = new Set<string>();
  const checked = new Set<string>();
  for (const object of objects) {
    const guesses = guessedNames.get(object);
    for (const name of Object.keys(object)) {
      const present = Object.hasOwn(value, name);
      if (guesses?.has(name)) {
        if (present) continue;
        guessed.add(name);
        checked.add(name);
      } else {
        if (present) checked.add(name);
        guessed.delete(name);
      }
      value[name] = object[name];
    }
  }
  return { value, guessed, checked };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The schema a property not in `properties` takes: a matching `patternProperties`', else `additionalProperties`;
 * undefined when additional properties are forbidden.
 */
function undefinedPropertyOf(schema: Schema, name: string): JsonSchema | undefined {
  const patterns = Object.entries((schema.patternProperties ?? {}) as Record<string, JsonSchema>);
  const matching = patterns.find(([pattern]) => matchesPattern(pattern, name));
  if (matching !== undefined) return matching[1];
  const additional = schema.additionalProperties as JsonSchema | undefined;
  return additional === false ? undefined : (additional ?? true);
}

/** Whether the schema takes null besides its first type (a 3.1 type array, or 3.0's `nullable`). */
function admitsNull(schema: Schema): boolean {
  return schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes("null"));
}

/** The first non-null type of `type` (a 3.1 type array), or the type implied by the keywords present. */
function typeOf(schema: Schema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== "null") : schema.type;
  if (typeof type === "string") return type;
  if (schema.items !== undefined) return "array";
  return undefined;
}

/** A union member with the object keywords beside its union: properties and required lists joined. */
function merged(siblings: Schema, member: Schema): Schema {
  const list = (schema: Schema) => (Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return {
    ...siblings,
    ...member,
    properties: { ...(siblings.properties as object), ...(member.properties as object) },
    required: [...new Set([...list(siblings), ...list(member)])],
  };
}

/** The schema with its optional properties left out. */
function requiredOnly(schema: Schema): Schema {
  const required = new Set(schema.required as string[]);
  const properties = Object.entries(schema.properties as Record<string, JsonSchema>);
  return { ...schema, properties: Object.fromEntries(properties.filter(([name]) => required.has(name))) };
}

/**
 * `{not: {}}`: what the source writes for a request's property whose `$ref` points nowhere (IATA ONE Record's links
 * to its missing `Thing`), which no value fits.
 */
function takesNoValue(schema: Schema): boolean {
  const not = schema.not;
  return not === true || (typeof not === "object" && not !== null && Object.keys(not).length === 0);
}

/** The values a schema gives itself, in the order they are preferred as its sample. */
function givenValues(schema: Schema): unknown[] {
  const values: unknown[] = [];
  for (const keyword of ["const", "default"]) if (keyword in schema) values.push(schema[keyword]);
  if (Array.isArray(schema.examples)) values.push(...schema.examples);
  if ("example" in schema) values.push(schema.example);
  if (Array.isArray(schema.enum)) values.push(...schema.enum);
  return values;
}

/** Undefined when the schema has a pattern that no string made up here matches. */
function stringOf(schema: Schema): string | undefined {
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Number.POSITIVE_INFINITY;
  const known =
    schema.contentEncoding === "base64"
      ? "aGVsbG8="
      : typeof schema.format === "string"
        ? STRING_FORMATS[schema.format]
        : undefined;
  const plain = known ?? "example".padEnd(min, "x").slice(0, max);
  if (typeof schema.pattern !== "string" || matchesPattern(schema.pattern, plain)) return plain;
  return sampleForPattern(schema.pattern, min, max);
}

function decodePointer(segment: string): string {
  return decodeURIComponent(segment).replaceAll("~1", "/").replaceAll("~0", "~");
}
