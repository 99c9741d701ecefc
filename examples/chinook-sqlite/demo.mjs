// `pnpm demo:db`: the bundled Chinook SQLite database served by `mcpsmith serve db` over stdio, and driven through
// the official MCP client: list a table, get a row by its key (with the row its foreign key points to), a filtered
// list, and a read-only SQL query. Offline: the database ships here, gzip-compressed, and is unpacked into a
// temporary folder (the server opens it read-only).
//
//   pnpm demo:db                                   (from the repository root: builds the workspace first)
//   node examples/chinook-sqlite/demo.mjs          (after pnpm build)

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const workspace = mkdtempSync(join(tmpdir(), "mcpsmith-chinook-demo-"));
const database = join(workspace, "chinook.sqlite");

const bold = (text) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\x1b[1m${text}\x1b[22m` : text);
let stepNumber = 0;
const step = (text) => console.log(`\n${bold(`${++stepNumber}. ${text}`)}`);
const show = (text) => console.log(`   ${String(text).replaceAll("\n", "\n   ")}`);

/** Calls a tool, prints the call and its rows (a few), and returns the structured result. */
async function call(client, name, args) {
  show(`→ ${name} ${JSON.stringify(args)}`);
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  const structured = result.structuredContent;
  const rows = Array.isArray(structured?.rows) ? structured.rows : [structured];
  for (const row of rows.slice(0, 5)) show(`  ${JSON.stringify(row)}`);
  if (rows.length > 5) show(`  … ${rows.length - 5} more`);
  if (structured?.nextCursor) show("  (more pages: nextCursor given)");
  return structured;
}

let client;
try {
  step("Unpack the bundled Chinook database (a music store: 11 tables, 3,503 tracks)");
  writeFileSync(database, gunzipSync(readFileSync(join(ROOT, "examples/chinook-sqlite/chinook.sqlite.gz"))));
  show(database);

  step("Start `mcpsmith serve db` over stdio and connect the official MCP client");
  show(`$ mcpsmith serve db ${database}`);
  client = new Client({ name: "chinook-demo", version: "1.0.0" });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(ROOT, "packages/cli/dist/bin.js"), "serve", "db", database],
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk) => show(`[server] ${String(chunk).trim()}`));
  await client.connect(transport);

  step("List its tools");
  const { tools } = await client.listTools();
  show(tools.map((tool) => tool.name).join(", "));

  step("list_Artist: the first page of a table, three rows");
  await call(client, "list_Artist", { limit: 3 });

  step("get_Album: one row by its primary key, with the artist its foreign key points to");
  await call(client, "get_Album", { AlbumId: 1 });

  step("list_Track, filtered: rock tracks (GenreId 1) longer than 6 minutes, longest first");
  await call(client, "list_Track", {
    where: { GenreId: { eq: 1 }, Milliseconds: { gt: 360000 } },
    order: [{ column: "Milliseconds", direction: "desc" }],
    select: ["Name", "Composer", "Milliseconds"],
    limit: 5,
  });

  step("query: read-only SQL for anything else (the five best-selling artists)");
  await call(client, "query", {
    sql:
      "SELECT ar.Name AS artist, SUM(il.UnitPrice * il.Quantity) AS sales FROM InvoiceLine il " +
      "JOIN Track t ON t.TrackId = il.TrackId JOIN Album al ON al.AlbumId = t.AlbumId " +
      "JOIN Artist ar ON ar.ArtistId = al.ArtistId GROUP BY ar.Name ORDER BY sales DESC LIMIT 5",
  });

  step("query refuses writes: the database is opened read-only and each statement is checked");
  const refused = await client.callTool({ name: "query", arguments: { sql: "DELETE FROM Artist" } });
  show(`isError: ${refused.isError === true}: ${refused.content?.[0]?.text ?? ""}`);
} finally {
  await client?.close();
  rmSync(workspace, { recursive: true, force: true });
}
