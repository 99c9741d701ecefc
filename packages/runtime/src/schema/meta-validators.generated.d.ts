/** A validator Ajv compiled ahead of time: true when the value is valid, else false with its errors set. */
export interface MetaValidator {
  (value: unknown): boolean;
  errors?: ReadonlyArray<{ readonly instancePath: string; readonly message?: string }> | null;
}

/** The 2020-12 meta-schema's validator (scripts/meta-validators.mjs). */
export declare const validate2020: MetaValidator;
/** The draft-07 meta-schema's validator (scripts/meta-validators.mjs). */
export declare const validate07: MetaValidator;
