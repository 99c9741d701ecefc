// What the SQL executor's end-to-end tests share: a runtime server built from the executor and sqlToolSchema (as
// `serve db` and generated projects build theirs), calls through the official client, and the bypass corpus runner.
import { connect, createServer, type Server, type Socket } from "node:net";
import type { Client } from "@modelcontextprotocol/client";
import { expect } from "vitest";
import {
  type SqlBinding,
  type SqlDatabase,
  type SqlExecutor,
  type SqlSchemaOptions,
  sqlToolSchema,
} from "../packages/runtime/dist/executors/sql/index.js";
import { server } from "./support/runtime.js";

/** The tool name of a binding, as the database source names them. */
export function toolName(binding: SqlBinding): string {
  return "table" in binding ? `${binding.kind}_${binding.table.name.toLowerCase()}` : binding.kind;
}

/** Every tool of the database: list_ for all, get_ and writes where there is a key, query and describe. */
export function bindingsOf(database: SqlDatabase, writes: boolean): SqlBinding[] {
  const bindings: SqlBinding[] = [{ kind: "query" }, { kind: "describe" }];
  for (const table of database.tables) {
    const name = { ...(table.schema !== undefined && { schema: table.schema }), name: table.name };
    bindings.push({ kind: "list", table: name });
    if (table.primaryKey) {
      bindings.push({ kind: "get", table: name });
      if (writes) for (const kind of ["insert", "update", "delete"] as const) bindings.push({ kind, table: name });
    }
  }
  return bindings;
}

export function sqlServer(
  database: SqlDatabase,
  executor: SqlExecutor,
  bindings: SqlBinding[],
  options: SqlSchemaOptions = {},
) {
  const app = server({ name: `sqlrun-${database.dialect}`, version: "1.0.0" });
  for (const binding of bindings) {
    const { description, input, output, annotations } = sqlToolSchema(binding, database, options);
    app.tool(
      toolName(binding),
      { description, input, output, ...hints(annotations) },
      (args: Record<string, unknown>, ctx) => executor.call(binding, args, { signal: ctx.signal }),
    );
  }
  return app;
}

function hints(a: {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}) {
  return {
    readOnly: a.readOnlyHint,
    destructive: a.destructiveHint,
    idempotent: a.idempotentHint,
    openWorld: a.openWorldHint,
  };
}

export interface CallOutcome {
  isError: boolean;
  text: string;
  structured: Record<string, unknown>;
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallOutcome> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n");
  return {
    isError: result.isError === true,
    text,
    structured: (result.structuredContent ?? {}) as Record<string, unknown>,
  };
}

/** A successful call's structured content; a failed one fails the test with its message. */
export async function ok(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const outcome = await call(client, name, args);
  expect(outcome.isError, outcome.text).toBe(false);
  return outcome.structured;
}

/**
 * Runs one bypass attempt through the `query` tool and checks that nothing changed: the state (row counts,
 * checksums, files, session settings) read before equals the state read after. The attempt may be refused or may
 * run harmlessly (a literal that only looks like SQL), never change anything.
 */
export async function attempt(client: Client, sql: string, state: () => Promise<unknown>, before: unknown) {
  const outcome = await call(client, "query", { sql });
  expect(await state(), `after: ${sql}\n${outcome.text}`).toEqual(before);
  expect(outcome.text).not.toMatch(/password|postgres:\/\/|mysql:\/\//i);
  return outcome;
}

/** A TCP relay to a database that the test can take down and bring back, as a restart of the server would. */
export class Relay {
  #server: Server | undefined;
  readonly #sockets = new Set<Socket>();
  port = 0;

  constructor(readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    this.#server = createServer((client) => {
      const upstream = connect(this.target);
      for (const s of [client, upstream]) {
        this.#sockets.add(s);
        s.on("close", () => this.#sockets.delete(s));
        s.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.#server!.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.#server.address() as { port: number }).port;
  }

  async down(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
    this.#server = undefined;
  }
}

/**
 * Cancels `slowSql` through its signal on `patient`, an executor whose time limit no test waits for (so only the
 * cancel can end the call), and expects the call to say so and the executor to serve the next one. Closes `patient`.
 */
export async function expectCancelStops(patient: SqlExecutor, slowSql: string): Promise<void> {
  try {
    const caller = new AbortController();
    const cancelled = patient.call({ kind: "query" }, { sql: slowSql }, { signal: caller.signal });
    setTimeout(() => caller.abort(), 300);
    await expect(cancelled).rejects.toThrow("The query was cancelled.");
    expect((await patient.call({ kind: "query" }, { sql: "SELECT 1 AS one" })).structuredContent).toMatchObject({
      rows: [{ one: 1 }],
    });
  } finally {
    await patient.close();
  }
}
