// `mcpsmith serve db postgres://host/db`, no user in the URL, spawned by a host whose environment has no USER
// (a container, a service manager): libpq would connect as the operating system's user, and so must the server
// (pg alone reads USER and failed with "no PostgreSQL user name specified"). The test gives the system user a role
// when the service has none, so the outcome is the same on any machine, and drops it afterwards.

import { createRequire } from "node:module";
import { userInfo } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresUp } from "../packages/codegen/src/sources/database/services.test-support.js";
import { connectClient, type TestClient } from "./support/clients.js";
import { ROOT, stdioCommand } from "./support/servers.js";
import { POSTGRES_URL } from "./support/services.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");
const pg = createRequire(join(ROOT, "packages/codegen/package.json"))("pg") as typeof import("pg");
const systemUser = userInfo().username;

async function admin<T>(use: (client: import("pg").Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

describe.runIf(await postgresUp())("serve db on PostgreSQL with no user named anywhere", () => {
  let createdRole = false;
  let client: TestClient | undefined;
  const withoutUser = new URL(POSTGRES_URL);
  withoutUser.username = "";
  withoutUser.password = "";

  beforeAll(async () => {
    await admin(async (db) => {
      const { rowCount } = await db.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [systemUser]);
      if (rowCount === 0) {
        await db.query(`CREATE ROLE ${db.escapeIdentifier(systemUser)} LOGIN`);
        createdRole = true;
      }
    });
  });

  afterAll(async () => {
    await client?.close();
    if (createdRole) await admin((db) => db.query(`DROP ROLE ${db.escapeIdentifier(systemUser)}`));
  });

  it("connects as the operating system's user, as libpq does", async () => {
    // The official client passes USER on from its own environment: an empty one stands for a host that has none.
    client = await connectClient("v2 legacy", {
      transport: "stdio",
      command: { ...stdioCommand(BIN, ["serve", "db"]), env: { DATABASE_URL: withoutUser.toString(), USER: "" } },
    });
    const result = await client.callTool({ name: "query", arguments: { sql: "SELECT current_user AS who" } });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ rows: [{ who: systemUser }] });
  }, 60_000);
});
