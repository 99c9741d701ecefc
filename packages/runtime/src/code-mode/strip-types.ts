export type Stripped = { ok: true; code: string } | { ok: false; message: string };

/**
 * TypeScript to JavaScript by removing the types, with sucrase: pure JavaScript, so it runs wherever the sandbox
 * does, and it keeps every line where it was, so an error the sandbox reports later names the line the model wrote.
 * Modern syntax is left as it is (QuickJS runs ES2023). A syntax error names its line and column.
 */
export async function stripTypes(source: string): Promise<Stripped> {
  // Loaded on the first run, not with the module: a server that never runs code never pays for it.
  const { transform } = await import("sucrase");
  try {
    const { code } = transform(source, { transforms: ["typescript"], disableESTransforms: true });
    return { ok: true, code };
  } catch (error) {
    const loc = (error as { loc?: { line?: unknown; column?: unknown } }).loc;
    const message = String((error as Error).message ?? error).replace(/\s*\(\d+:\d+\)$/, "");
    if (typeof loc?.line === "number" && typeof loc.column === "number") {
      return { ok: false, message: `SyntaxError: ${message} (line ${loc.line}, column ${loc.column})` };
    }
    return { ok: false, message: `SyntaxError: ${message}` };
  }
}
