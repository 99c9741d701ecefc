// The README's first command, `pnpm demo`, runs examples/petstore/demo.mjs against the built workspace: it must
// go through every step and show the requests the generated server sent to the mock API.

import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/servers.js";

describe("the petstore demo", () => {
  it("generates, builds, starts the mock and the server, and calls operations through the official client", () => {
    const { FORCE_COLOR: _color, ...env } = process.env;
    const demo = spawnSync(process.execPath, [join(ROOT, "examples/petstore/demo.mjs")], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...env, NO_COLOR: "1" },
      timeout: 240_000,
    });
    expect(demo.status, `${demo.stdout}${demo.stderr}`).toBe(0);
    const output = demo.stdout;
    expect(output).toMatch(/^1\. Generate an MCP server project/m);
    expect(output).toMatch(/^ {3}19 tools; tools\/list ≈ [\d,]+ tokens$/m);
    expect(output).toMatch(/^ {3}listening on http:\/\/127\.0\.0\.1:\d+$/m);
    expect(output).toMatch(/^ {3}tools\/list: 19 tools — updatePet, addPet, /m);
    expect(output).toContain("the mock API received GET /pet/10 (api_key: demo-key)");
    expect(output).toContain('result: {"id":10,"name":"doggie"');
    expect(output).toContain("the mock API received GET /pet/findByStatus?status=available (authorization: Bearer");
    // The response is an array of pets: the mock answers one, and the demo shows each pet it got.
    expect(output).toMatch(/^ {3}result: 1 item$/m);
    expect(output).toContain('- {"id":10,"name":"doggie"');
    expect(output).toContain('the mock API received POST /pet (authorization: Bearer demo-token) {"name":"Rex"');
    expect(output).not.toMatch(/^ {3}error:/m);
  }, 300_000);
});
