import { userInfo } from "node:os";

/**
 * libpq's rule for the user name when none is given (not in the URL, the configuration or `PGUSER`): the operating
 * system's. pg takes it from `USER` alone, which a host spawning the server with a bare environment does not set, so
 * `postgres://host/db` then failed with "no PostgreSQL user name specified". Set on pg's defaults, which pg reads
 * only after everything else.
 */
export function defaultToSystemUser(pg: { defaults: { user?: string | undefined } }): void {
  if (pg.defaults.user) return;
  try {
    pg.defaults.user = userInfo().username;
  } catch {
    // A user id without a name (some containers): pg's own error stands.
  }
}
