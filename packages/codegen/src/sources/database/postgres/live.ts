/** A live PostgreSQL server, read with `pg` through the same catalog queries as PGlite. */
import { defaultToSystemUser } from "@mcpsmith/runtime/internal";
import { CodegenError } from "../../../errors.js";
import { redactIn } from "../shared/address.js";
import { loadDriver, messageOf } from "../shared/drivers.js";
import type { Queryable } from "./catalog.js";

/** Connects, runs `use` on the connection, and always disconnects. Errors never carry the URL or its password. */
export async function withPostgres<T>(url: string, label: string, use: (db: Queryable) => Promise<T>): Promise<T> {
  const pg = await loadDriver("pg", () => import("pg"));
  defaultToSystemUser(pg.default);
  const client = new pg.default.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw unreachable(label, url, error);
  }
  try {
    return await use(client as unknown as Queryable);
  } catch (error) {
    if (error instanceof CodegenError) throw error;
    throw unreachable(label, url, error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function unreachable(label: string, url: string, error: unknown): CodegenError {
  return new CodegenError("E_DATABASE_UNREACHABLE", `${label}: ${redactIn(messageOf(error), url)}`);
}
