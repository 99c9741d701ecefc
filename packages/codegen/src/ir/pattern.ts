/**
 * Whether `source` is a `pattern` JSON Schema validators can compile: they read patterns as Unicode regular
 * expressions (the `u` flag), which refuses escapes and syntax other flavours take.
 */
export function isSchemaPattern(source: string): boolean {
  try {
    new RegExp(source, "u");
    return true;
  } catch {
    return false;
  }
}
