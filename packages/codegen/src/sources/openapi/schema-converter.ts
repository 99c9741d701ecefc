/**
 * Lowers the schemas of one tool into JSON Schema 2020-12 with its own `$defs`: every `$ref` becomes
 * `#/$defs/<name>` and only the referenced schemas (and what they reference, transitively) are copied in, so
 * cycles stay cycles (never flattened to `{type: object}`). A referenced schema is converted once per mode for the
 * whole document and shared (frozen) between the tools that use it: msgraph's 11,422 tools stay cheap.
 */

import { DefClosures } from "../../ir/def-closure.js";
import type { JsonSchema } from "../../ir/types.js";
import { shortHash } from "../../names/hash.js";
import type { Diagnostics } from "./diagnostics.js";
import type { SpecDialect } from "./model.js";
import { escapeToken, isObject, type RefResolver, refOf } from "./refs.js";
import { type KeywordContext, lowerKeywords, type SchemaMode } from "./schema-keywords.js";

interface ConvertedDef {
  name: string;
  schema: JsonSchema;
  deps: ReadonlySet<string>;
}

/** Refs that name a schema component keep that name in `$defs`. */
const COMPONENT_REF = /^#\/(?:components\/schemas|definitions)\/([^/]+)$/;

export class SchemaConverter {
  private readonly defs = { request: new Map<string, ConvertedDef>(), response: new Map<string, ConvertedDef>() };
  private readonly roots = {
    request: new WeakMap<object, { schema: JsonSchema; deps: ReadonlySet<string> }>(),
    response: new WeakMap<object, { schema: JsonSchema; deps: ReadonlySet<string> }>(),
  };
  private readonly names = new Map<string, string>();
  private readonly contexts = new WeakMap<Set<string>, KeywordContext>();
  private readonly takenNames = new Set<string>();
  /** Component refs being lowered that carry `$recursiveAnchor: true` (2019-09), innermost last. */
  private readonly recursiveAnchors: string[] = [];
  readonly closures = {
    request: new DefClosures((ref) => this.def(ref, "request")),
    response: new DefClosures((ref) => this.def(ref, "response")),
  };

  constructor(
    private readonly dialect: SpecDialect,
    private readonly refs: RefResolver,
    private readonly diagnostics: Diagnostics,
  ) {}

  /** A lowering session for one tool's input or output schema. */
  session(mode: SchemaMode): SchemaSession {
    return new SchemaSession(this, mode);
  }

  /**
   * Lowers a tool's root schema (a parameter's, a body's): the same source object met again in the same mode (a
   * shared component parameter such as GitHub's `owner`, used by hundreds of operations) gives the same frozen
   * result and refs. Kept only when lowering warned nothing: a warning names the pointer it was met at.
   */
  lowerRoot(raw: unknown, pointer: string, mode: SchemaMode, deps: Set<string>): JsonSchema {
    if (!isObject(raw)) return this.lower(raw, pointer, mode, deps);
    const roots = this.roots[mode];
    const known = roots.get(raw);
    if (known === undefined) {
      const warnings = this.diagnostics.warnings.length;
      const ownDeps = new Set<string>();
      const schema = this.lower(raw, pointer, mode, ownDeps);
      for (const dep of ownDeps) deps.add(dep);
      if (this.diagnostics.warnings.length === warnings) roots.set(raw, { schema: deepFreeze(schema), deps: ownDeps });
      return schema;
    }
    for (const dep of known.deps) deps.add(dep);
    return known.schema;
  }

  /** Lowers `raw`; every ref met is added to `deps`. */
  lower(raw: unknown, pointer: string, mode: SchemaMode, deps: Set<string>): JsonSchema {
    if (typeof raw === "boolean") return raw;
    if (!isObject(raw)) {
      this.diagnostics.warn(pointer, "a schema must be an object: treated as any value");
      return {};
    }
    const ref = refOf(raw) ?? this.recursiveRef(raw, pointer);
    if (ref !== undefined) return this.lowerRef(ref, raw, pointer, mode, deps);
    return lowerKeywords(raw, pointer, this.keywordContext(mode, deps));
  }

  /**
   * The callbacks `lowerKeywords` lowers with, made once for each set of refs being collected (a set is always
   * lowered in one mode) rather than for every schema object lowered: seven objects each time, for every property.
   */
  private keywordContext(mode: SchemaMode, deps: Set<string>): KeywordContext {
    let context = this.contexts.get(deps);
    if (context === undefined) {
      context = {
        dialect: this.dialect,
        mode,
        lowerChild: (child, at) => this.lower(child, at, mode, deps),
        hiddenInMode: (child) => this.hiddenInMode(child, mode),
        mappingRef: (target) => this.mappingRef(target, deps),
        followValue: (value) => this.refs.follow(value, "")?.value,
        warn: (at, message) => this.diagnostics.warn(at, message),
      };
      this.contexts.set(deps, context);
    }
    return context;
  }

  /** Whether `ref` points at something in the document. */
  resolves(ref: string): boolean {
    return this.refs.get(ref) !== undefined;
  }

  def(ref: string, mode: SchemaMode): ConvertedDef {
    const cache = this.defs[mode];
    const cached = cache.get(ref);
    if (cached) return cached;
    const deps = new Set<string>();
    const entry: ConvertedDef = { name: this.defName(ref), schema: {}, deps };
    // Registered before lowering so that a cycle back to this ref finds it instead of recursing forever.
    cache.set(ref, entry);
    const target = this.refs.get(ref);
    const anchored = isObject(target) && target.$recursiveAnchor === true;
    if (anchored) this.recursiveAnchors.push(ref);
    try {
      entry.schema = deepFreeze(this.lower(target, ref.slice(1), mode, deps));
    } finally {
      if (anchored) this.recursiveAnchors.pop();
    }
    return entry;
  }

  /** The `$defs` key of a ref: the component's own name, else a name built from the pointer (bundled files). */
  defName(ref: string): string {
    const known = this.names.get(ref);
    if (known !== undefined) return known;
    const component = COMPONENT_REF.exec(ref);
    let name = component
      ? decodeToken(component[1]!)
      : ref
          .slice(2)
          .split("/")
          .map(decodeToken)
          .join(".")
          .replace(/[^A-Za-z0-9._-]+/g, "_");
    // Each ref has its own name (a tool's `$defs` and the emitter's shared definitions rely on it): a name taken
    // by another ref gets this ref's hash, and a count in the unlikely case that is taken too.
    if (this.takenNames.has(name)) {
      const hashed = `${name}_${shortHash(ref)}`;
      name = hashed;
      for (let count = 2; this.takenNames.has(name); count++) name = `${hashed}_${count}`;
    }
    this.takenNames.add(name);
    this.names.set(ref, name);
    return name;
  }

  private lowerRef(
    ref: string,
    raw: Record<string, unknown>,
    pointer: string,
    mode: SchemaMode,
    deps: Set<string>,
  ): JsonSchema {
    if (this.refs.get(ref) === undefined) {
      // The document-wide ref check reported it, and an operation whose arguments need it was skipped (document.ts).
      // In a request this is an optional property's (dangling-refs.ts): no value of it is sent, so it takes none. In
      // a response, any value is the honest reading.
      if (mode === "request") {
        this.diagnostics.warn(pointer, `$ref "${ref}" cannot be followed: no value can be sent for it`);
        return { not: {} };
      }
      this.diagnostics.warn(pointer, `$ref "${ref}" cannot be followed: treated as any value`);
      return {};
    }
    deps.add(ref);
    const out: Record<string, unknown> = { $ref: defRef(this.defName(ref)) };
    // OpenAPI 3.1 (JSON Schema 2020-12) lets keywords sit beside $ref; 3.0 and 2.0 say to ignore them.
    if (this.dialect === "oas31") {
      const { $ref: _ref, $recursiveRef: _recursive, ...siblings } = raw;
      if (Object.keys(siblings).length > 0) Object.assign(out, this.lower(siblings, pointer, mode, deps));
    }
    return out;
  }

  /** 2019-09 `$recursiveRef: "#"` (OpenAI's filters): the innermost component with `$recursiveAnchor`. */
  private recursiveRef(raw: Record<string, unknown>, pointer: string): string | undefined {
    if (raw.$recursiveRef === undefined) return undefined;
    const anchor = this.recursiveAnchors[this.recursiveAnchors.length - 1];
    if (anchor === undefined)
      this.diagnostics.warn(pointer, "$recursiveRef outside a $recursiveAnchor schema: any value");
    return anchor;
  }

  private hiddenInMode(raw: unknown, mode: SchemaMode): boolean {
    const keyword = mode === "request" ? "readOnly" : "writeOnly";
    if (isObject(raw) && raw[keyword] === true) return true;
    const followed = this.refs.follow(raw, "");
    return followed !== undefined && isObject(followed.value) && followed.value[keyword] === true;
  }

  private mappingRef(target: string, deps: Set<string>): string {
    const ref = target.startsWith("#")
      ? target
      : `#/${this.dialect === "swagger2" ? "definitions" : "components/schemas"}/${escapeToken(target)}`;
    if (this.refs.get(ref) === undefined) return target;
    deps.add(ref);
    return defRef(this.defName(ref));
  }
}

export class SchemaSession {
  private readonly deps = new Set<string>();

  constructor(
    private readonly converter: SchemaConverter,
    readonly mode: SchemaMode,
  ) {}

  lower(raw: unknown, pointer: string): JsonSchema {
    return this.converter.lowerRoot(raw, pointer, this.mode, this.deps);
  }

  /** A root that is a `$ref`: the target's keywords inlined (it stays in `$defs` too when it refers to itself). */
  lowerInlined(raw: unknown, pointer: string): JsonSchema {
    const ref = refOf(raw);
    // A ref that points nowhere (Moov ACH's error schema, a URL) is lowered as one, with the warning where it is met.
    if (ref === undefined || !this.converter.resolves(ref)) return this.lower(raw, pointer);
    const def = this.converter.def(ref, this.mode);
    for (const dep of def.deps) this.deps.add(dep);
    return typeof def.schema === "boolean" ? def.schema : { ...def.schema };
  }

  /**
   * Gives `schema` (the root of what this session lowered) the `$defs` of everything lowered so far, built when
   * first read and shared (frozen); none when nothing was referenced. See {@link DefClosures.attach}.
   */
  attachDefs(schema: { $defs?: Record<string, JsonSchema> }): void {
    this.converter.closures[this.mode].attach(schema, this.deps);
  }
}

function decodeToken(token: string): string {
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {}
  return decoded.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** `#/$defs/<name>`, escaped as a JSON pointer and a URI fragment when the name needs it. */
function defRef(name: string): string {
  return /^[A-Za-z0-9._-]+$/.test(name) ? `#/$defs/${name}` : `#/$defs/${encodeURIComponent(escapeToken(name))}`;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    // Walked in place, not through a list of the values: every lowered schema and keyword value passes here.
    if (Array.isArray(value)) for (const item of value) deepFreeze(item);
    else for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
