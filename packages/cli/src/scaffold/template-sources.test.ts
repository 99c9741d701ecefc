import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../test-support.js";
import { TEMPLATE_SOURCES } from "./template-sources.js";

const PETSTORE = `${REPO_ROOT}examples/petstore/openapi.yaml`;
const openapi = TEMPLATE_SOURCES.openapi!;

let folder: string;
let server: Server;
let base: string;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "mcpsmith-template-sources-"));
  server = createServer((request, response) => {
    response.statusCode = request.url === "/openapi.yaml" ? 200 : 404;
    response.end(request.url === "/openapi.yaml" ? "openapi: 3.0.3" : "not here");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await new Promise((resolve) => server.close(resolve));
});

describe("the openapi template's input", () => {
  it("accepts a file that reads as an OpenAPI document, relative to the folder new runs in", async () => {
    expect(await openapi.problem("examples/petstore/openapi.yaml", REPO_ROOT)).toBeUndefined();
    expect(await openapi.problem(PETSTORE, folder)).toBeUndefined();
  });

  it("says what is wrong with a missing file, a folder, or a file that is no OpenAPI document", async () => {
    expect(await openapi.problem("missing.yaml", folder)).toBe(`There is no file at ${join(folder, "missing.yaml")}.`);
    expect(await openapi.problem(".", folder)).toBe(`${folder} is a folder; give the document inside it.`);
    writeFileSync(join(folder, "notes.yaml"), "title: not an API\n");
    expect(await openapi.problem("notes.yaml", folder)).toMatch(/notes\.yaml/);
    writeFileSync(join(folder, "broken.json"), "{ nope");
    expect(await openapi.problem("broken.json", folder)).toMatch(/broken\.json/);
  });

  it("accepts a URL that answers, and says what one that does not answered", async () => {
    expect(await openapi.problem(`${base}/openapi.yaml`, folder)).toBeUndefined();
    expect(await openapi.problem(`${base}/gone.yaml`, folder)).toBe(`${base}/gone.yaml answered HTTP 404.`);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(closed.address() as { port: number }).port}/openapi.yaml`;
    await new Promise((resolve) => closed.close(resolve));
    expect(await openapi.problem(url, folder)).toMatch(
      new RegExp(`^${url.replace(/[.?]/g, "\\$&")} did not answer \\(`),
    );
  });
});
