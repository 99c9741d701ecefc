/**
 * Database drivers are loaded only when a database source is read, so `@mcpsmith/codegen` costs nothing to load for
 * an OpenAPI user. The runtime's loader says which package a missing one is; here it becomes a coded error.
 */
import { DriverMissingError, loadDriver as loadRuntimeDriver } from "@mcpsmith/runtime/internal";
import { CodegenError } from "../../../errors.js";

export function loadDriver<Module>(name: string, load: () => Promise<Module>): Promise<Module> {
  return withDriverErrors(() => loadRuntimeDriver(name, load));
}

/** What `load` gives, a driver missing said as a coded error. */
export async function withDriverErrors<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof DriverMissingError) {
      throw new CodegenError("E_DATABASE_DRIVER_MISSING", error.message, { cause: error });
    }
    throw error;
  }
}

/** A driver's message, with the line the DDL statement started on when there is one. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
