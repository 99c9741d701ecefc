/** A JSON Schema object, as it travels on the wire. */
export type JsonSchema = Record<string, unknown>;

/**
 * The Standard Schema contract (https://standardschema.dev) with its JSON Schema extension, reduced to the
 * members mcpsmith calls. zod 4 implements both; so do valibot and arktype with their JSON Schema adapters.
 */
export interface StandardSchemaLike {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult | Promise<StandardResult>;
    readonly jsonSchema?: {
      readonly input: (options: { target: string }) => Record<string, unknown>;
      readonly output: (options: { target: string }) => Record<string, unknown>;
    };
  };
}

export type StandardResult =
  | { readonly value: unknown; readonly issues?: undefined }
  | {
      readonly issues: ReadonlyArray<{
        readonly message: string;
        readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
      }>;
    };

/** A schema as users write it: any Standard Schema with JSON Schema output, or a JSON Schema object. */
export type SchemaInput = StandardSchemaLike | JsonSchema;

/** One reason a value was refused: where (`filters.0.op`, or `(root)`) and which rule it broke. */
export interface Issue {
  path: string;
  message: string;
}

export type Validation = { ok: true; value: unknown } | { ok: false; issues: Issue[] };

/** A schema resolved once at start-up: the JSON Schema clients see and the validator that enforces it. */
export interface CompiledSchema {
  readonly json: JsonSchema;
  validate(value: unknown): Validation | Promise<Validation>;
}

/** The value a schema produces: inferred from a Standard Schema (zod), or a plain record for JSON Schema. */
export type Infer<S> = S extends { readonly "~standard": { readonly types?: infer T } }
  ? NonNullable<T> extends { readonly output: infer O }
    ? O
    : Record<string, unknown>
  : Record<string, unknown>;
