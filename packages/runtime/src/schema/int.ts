declare const mcpsmithInteger: unique symbol;

/**
 * A whole number, for schemas derived from types (`mcpsmith build`): `limit: Int` becomes `{ "type": "integer" }`.
 * Any `number` is assignable to it, so handlers and callers need no casts; the brand only tells the build. The
 * same as writing `@integer` in the field's doc comment.
 */
export type Int = number & { readonly [mcpsmithInteger]?: "integer" };
