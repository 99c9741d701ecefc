// The dev page (`mcpsmith dev --http --ui`) used as a person uses it, in a real headless Chromium: on a project
// `mcpsmith generate openapi` wrote (against a mock of the API on 127.0.0.1) and on one `mcpsmith generate db` wrote
// (SQLite). Open the page, call a tool from its form, see the call, its result and the upstream request or SQL
// statement in the log, edit the tool and see the catalogue change once dev has rebuilt and restarted the server.
//
// The upstream request and the SQL statement the page shows are the server's own spans: the generated project's
// entry starts OpenTelemetry from the OTEL_* variables dev gives it, which point at the page's receiver.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, chromiumAvailable, launchChromium } from "./support/browser.js";
import { type DevSession, startDevUi } from "./support/dev-session.js";
import { linkDependencies } from "./support/generated-project.js";
import { ROOT } from "./support/servers.js";
import { startUpstream } from "./support/upstream.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");
const workspace = mkdtempSync(join(tmpdir(), "dev-page-"));
/** Set to write the screenshots docs/cli.md shows (docs/images/). */
const SCREENSHOTS = process.env.MCPSMITH_SCREENSHOTS === "1";

/** `mcpsmith generate ...` in the workspace, the project's dependencies linked from this checkout (offline). */
function generate(args: string[], project: string): string {
  const result = spawnSync(process.execPath, [BIN, "generate", ...args], { cwd: workspace, encoding: "utf8" });
  expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  const path = join(workspace, project);
  linkDependencies(path);
  // dev compiles with the project's own tsc.
  symlinkSync(join(ROOT, "node_modules/typescript"), join(path, "node_modules/typescript"), "dir");
  return path;
}

/**
 * Edits a tool's description in its source, as a person would, and waits for the page to show the change: dev
 * compiles, restarts the server, and the page reads tools/list again.
 */
async function editAndSeeReload(page: Page, tool: string, edit: { file: string; from: string; to: string }) {
  const text = readFileSync(edit.file, "utf8");
  expect(text).toContain(edit.from);
  writeFileSync(edit.file, text.replace(edit.from, edit.to));
  await page.locator(".event.list-changed", { hasText: tool }).waitFor({ timeout: 90_000 });
  const listed = page.getByRole("list", { name: "tools" }).getByRole("button", { name: new RegExp(`^${tool} `) });
  await listed.getByText("edited while dev runs").waitFor();
}

/** Opens the page and calls `tool` with its form; resolves to the call's row in the log, opened. */
async function callFromForm(page: Page, tool: string, fill: Record<string, string>) {
  await page
    .getByRole("list", { name: "tools" })
    .getByRole("button", { name: new RegExp(`^${tool} `) })
    .click();
  const form = page.getByRole("form", { name: `call ${tool}` });
  for (const [field, value] of Object.entries(fill)) await form.getByLabel(field).fill(value);
  await form.getByRole("button", { name: `Call ${tool}` }).click();
  const row = page.locator("li.call", { hasText: `tools/call ${tool}` });
  await row.locator(".state", { hasText: "ok" }).waitFor();
  await row.locator("button.row").click();
  return { form, row };
}

/** The trace the page shows for a call: the one the server continues, which its spans must carry. */
async function traceOf(row: ReturnType<Page["locator"]>): Promise<string> {
  const text = (await row.locator(".trace").textContent()) ?? "";
  const traceId = text.replace(/^trace /, "");
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  return traceId;
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: join(ROOT, "docs/images", name), fullPage: true });
}

describe.runIf(chromiumAvailable())("the dev page in Chromium", () => {
  let browser: Browser;
  const sessions: DevSession[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(sessions.map((session) => session.stop()));
    await browser?.close();
    rmSync(workspace, { recursive: true, force: true });
  });

  it("a generated OpenAPI project: a call from the form, its upstream request, an edit after the reload", async () => {
    const upstream = await startUpstream(() => ({ json: { id: 7, name: "Rex", photoUrls: [], status: "available" } }));
    try {
      const project = generate(["openapi", join(ROOT, "examples/petstore/openapi.yaml"), "--out", "pets"], "pets");
      const dev = await startDevUi(project, { PETSTORE_BASE_URL: upstream.url, PETSTORE_API_KEY: "test-key" });
      sessions.push(dev);
      const page = await browser.context.newPage();
      await page.goto(dev.page.href);
      await page.getByRole("status", { name: "server state" }).getByText("running").waitFor();
      await page.getByText(/19 tools · tools\/list ≈ [\d,]+ tokens/).waitFor();

      const { form, row } = await callFromForm(page, "getPetById", { petId: "7" });
      expect(await form.getByRole("region", { name: "call result" }).textContent()).toContain('"name": "Rex"');
      expect(upstream.last().url).toBe("/pet/7");
      expect(await row.locator(".from").textContent()).toBe("page");

      // The server's own span of its upstream request, in the trace the page gave the call, which the API was told.
      const traceId = await traceOf(row);
      expect(upstream.last().headers.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
      await row.getByText(`GET ${upstream.url}/pet/7 → 200`).waitFor();
      await screenshot(page, "dev-page-openapi.png");

      await editAndSeeReload(page, "getPetById", {
        file: join(project, "src/generated/pet.ts"),
        from: 'description: "Find pet by ID.\\n\\nReturns a single pet."',
        to: 'description: "Find a pet by its id (edited while dev runs)."',
      });
      await page.getByRole("status", { name: "server state" }).getByText("running").waitFor();
      expect(await page.locator(".event.started").count()).toBe(2);
    } finally {
      await upstream.close();
    }
  }, 240_000);

  it("a database project (SQLite): a call from the form, its SQL statement, an edit after the reload", async () => {
    const file = join(workspace, "notes.sqlite");
    const db = new Database(file);
    db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL)");
    db.prepare("INSERT INTO notes (id, title) VALUES (?, ?), (?, ?)").run(1, "Buy milk", 2, "Call Ada");
    db.close();
    const project = generate(["db", "notes.sqlite", "--out", "notes-mcp"], "notes-mcp");
    const dev = await startDevUi(project, { DATABASE_URL: `sqlite:${file}` });
    sessions.push(dev);
    const page = await browser.context.newPage();
    await page.goto(dev.page.href);
    await page.getByText(/4 tools · tools\/list ≈ [\d,]+ tokens/).waitFor();

    const { form, row } = await callFromForm(page, "get_notes", { id: "1" });
    expect(await form.getByRole("region", { name: "call result" }).textContent()).toContain("Buy milk");

    // The server's own span of its statement: placeholders, never the value.
    await traceOf(row);
    const statement = row.locator("pre.sql", { hasText: /^SELECT .*"notes".*\?/ });
    await statement.waitFor();
    expect(await statement.textContent()).not.toContain("1");
    await screenshot(page, "dev-page-database.png");

    await editAndSeeReload(page, "get_notes", {
      file: join(project, "src/generated/main.ts"),
      from: 'description: "One row of the table notes by its primary key."',
      to: 'description: "One note by its id (edited while dev runs)."',
    });
  }, 240_000);
});
