/**
 * Database drivers are loaded only when a database source is read, so `@mcpsmith/codegen` costs nothing to load for
 * an OpenAPI user; they are optional peer dependencies, and a missing one is an error naming the package to install.
 */
import { CodegenError } from "../../../errors.js";

export async function loadDriver<Module>(name: string, load: () => Promise<Module>): Promise<Module> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
      throw new CodegenError("E_DATABASE_DRIVER_MISSING", `this database source needs ${name}: npm install ${name}`, {
        cause: error,
      });
    }
    throw error;
  }
}

/** A driver's message, with the line the DDL statement started on when there is one. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
