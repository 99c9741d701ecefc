/**
 * Whether a value has one of JSON Schema's types, as validators judge it (`integer` is any number without a
 * fraction, `1.0` included). For the code generator's checks of values a document gives (defaults, samples).
 */
export function hasJsonType(value: unknown, type: string): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    default:
      return typeof value === type;
  }
}
