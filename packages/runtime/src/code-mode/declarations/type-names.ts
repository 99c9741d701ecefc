import type { JsonSchema } from "../../schema/types.js";
import type { RefScope } from "./schema-to-ts.js";

/** A type the declarations name: a tool's argument or result type, or one of its schemas' definitions. */
export interface NamedType {
  readonly name: string;
  readonly schema: unknown;
  /** Where the schema's own `$ref`s resolve: the root schema it came from. */
  readonly scope: RefScope;
}

/**
 * The names of every type in one API's declarations, unique across the file. A definition shared by several tools
 * (the same object, or the same schema under the same name) is one type; a different schema under a taken name is
 * named after its tool (`ListAlbumWhere` beside `Where`), then numbered. Names are given in the order types are
 * registered, so the same API gets the same names.
 */
export class TypeNames {
  readonly #types = new Map<string, NamedType>();
  readonly #byObject = new WeakMap<object, string>();
  readonly #byBase = new Map<string, { name: string; schema: unknown; text?: string }[]>();

  get(name: string): NamedType | undefined {
    return this.#types.get(name);
  }

  /** A root schema's type (`ListTracksInput`): always its own name, suffixed if the name is taken. */
  root(base: string, schema: JsonSchema, owner: string): string {
    const name = this.#free(base);
    this.#types.set(name, { name, schema, scope: this.#scopeOf(schema, name, owner) });
    return name;
  }

  /** How `$ref`s inside `root` resolve: `#` to the root's own type, `#/$defs/X` to X's name in the file. */
  #scopeOf(root: JsonSchema, rootName: string, owner: string): RefScope {
    const defs = (root.$defs ?? root.definitions ?? {}) as Record<string, unknown>;
    const scope: RefScope = {
      resolve: (ref) => {
        if (ref === "#") return rootName;
        const match = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(ref);
        if (!match) return undefined;
        const key = decodePointerToken(match[1]!);
        const schema = defs[key];
        return schema === undefined ? undefined : this.#definition(key, schema, scope, owner);
      },
    };
    return scope;
  }

  #definition(key: string, schema: unknown, scope: RefScope, owner: string): string {
    const object = typeof schema === "object" && schema !== null ? schema : undefined;
    const known = object && this.#byObject.get(object);
    if (known !== undefined) return known;
    const base = typeNameOf(key);
    const candidates = this.#byBase.get(base) ?? [];
    // Only a second schema under one name pays for comparing texts (often the same definition, copied).
    if (candidates.length > 0) {
      const text = JSON.stringify(schema);
      const same = candidates.find((candidate) => textOf(candidate) === text);
      if (same) {
        if (object) this.#byObject.set(object, same.name);
        return same.name;
      }
    }
    const name = this.#free(candidates.length > 0 && !this.#types.has(owner + base) ? owner + base : base);
    this.#types.set(name, { name, schema, scope });
    if (object) this.#byObject.set(object, name);
    candidates.push({ name, schema });
    this.#byBase.set(base, candidates);
    return name;
  }

  #free(base: string): string {
    if (!this.#types.has(base) && !RESERVED.has(base)) return base;
    let n = 2;
    while (this.#types.has(`${base}${n}`)) n++;
    return `${base}${n}`;
  }
}

/** A candidate's schema as JSON text, made the first time it is compared. */
function textOf(candidate: { schema: unknown; text?: string }): string {
  candidate.text ??= JSON.stringify(candidate.schema);
  return candidate.text;
}

// Names the declarations file uses itself.
const RESERVED = new Set(["ApiError", "BinaryContent", "Promise", "Record", "Array", "Date", "Error"]);

/** `repos/get-content` -> `ReposGetContent`, `simple-user` -> `SimpleUser`: a type name from any name. */
export function typeNameOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "");
  const pascal = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
  if (pascal === "") return "Type";
  return /^[0-9]/.test(pascal) ? `T${pascal}` : pascal;
}

function decodePointerToken(token: string): string {
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // A `%` that starts no escape is taken literally.
  }
  return decoded.replaceAll("~1", "/").replaceAll("~0", "~");
}
