import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CodegenError } from "../../errors.js";
import { validateConfig } from "./validate.js";

const dir = mkdtempSync(join(tmpdir(), "mcpsmith-config-"));
writeFileSync(join(dir, "api.yaml"), "openapi: 3.0.0\n");
writeFileSync(join(dir, "tools.ts"), "export {};\n");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILE = "/p/mcpsmith.config.json";

function problems(config: unknown): string[] {
  try {
    validateConfig(config, FILE, dir);
  } catch (error) {
    expect((error as CodegenError).code).toBe("E_CONFIG_INVALID");
    expect((error as Error).message).toContain(FILE);
    return (error as CodegenError).problems.map(({ pointer, message }) => `${pointer}: ${message}`);
  }
  return [];
}

describe("validateConfig", () => {
  it("takes a config of every kind, with every option", () => {
    expect(
      problems({
        name: "acme",
        version: "1.0.0",
        instructions: "…",
        mode: "auto",
        threshold: 40,
        serve: { http: { port: 0 }, auth: { apiKeys: "tools.ts" }, redis: { env: "REDIS" } },
        sources: {
          billing: { openapi: "./api.yaml", baseUrl: "https://api.example.com", tags: ["invoices"], timeout: 5000 },
          shop: { database: "postgres://u:secret@db/shop", writes: ["orders"], prefix: "" },
          env: { database: { env: "SHOP_URL" }, optional: true },
          utils: { typescript: ["./tools.ts"] },
          github: { mcp: { url: "https://example.com/mcp", headers: { Authorization: { env: "GITHUB_TOKEN" } } } },
          files: { mcp: { command: "npx", args: ["-y", "a-server", "."], env: { ROOT: "." } }, timeout: 5000 },
          app: {
            module: "./tools.ts",
            tools: {
              include: ["*"],
              exclude: ["debug_*"],
              rename: { a: "b" },
              describe: { a: "A." },
              bind: {
                a: { tenant: { claim: "sub" }, region: { env: "REGION" }, limit: 5, filter: { value: { x: 1 } } },
              },
            },
          },
        },
      }),
    ).toEqual([]);
  });

  it("names every problem at its key: unknown keys, kinds, files, URLs, values", () => {
    expect(
      problems({
        name: "",
        mode: "fast",
        colour: "blue",
        serve: { http: { port: 70_000 }, tls: true },
        sources: {
          billing: { openapi: "./missing.yaml", baseUrl: "ftp://x", tag: ["a"] },
          shop: { database: "postgres://u:secret@:bad:port/x" },
          both: { openapi: "./api.yaml", module: "./tools.ts" },
          none: { prefix: "x" },
          odd: {
            module: "./tools.ts",
            prefix: "a b",
            tools: { rename: { a: "1x" }, bind: { a: { b: { env: "x", y: 1 } } }, hide: [] },
          },
        },
      }),
    ).toEqual([
      'name: expected a non-empty string, got ""',
      'mode: expected one of auto, tools, discovery, code, got "fast"',
      "colour: unknown key (the config takes name, version, title, instructions, mode, threshold, maxNameLength, serve, sources)",
      "serve.http.port: expected a whole number from 0 to 65535, got a number (70000)",
      "serve.tls: unknown key (serving options take http, auth, redis)",
      "sources.billing.tag: unknown key (an openapi source takes openapi, baseUrl, serverVariables, tags, excludeTags, paths, excludePaths, methods, excludeMethods, operations, excludeOperations, includeDeprecated, outputSchema, envPrefix, timeout, forwardCredentials, forwardCredentialsFallback, prefix, optional, tools)",
      `sources.billing.openapi: no file at ${join(dir, "missing.yaml")}`,
      'sources.billing.baseUrl: "ftp://x" is not an http(s) URL',
      'sources.shop.database: "postgres://***@:bad:port/x" is not a valid connection URL',
      'sources.both: a source has one kind, this one has "openapi" and "module"',
      'sources.none: a source needs one of "openapi", "database", "typescript", "module", "mcp"',
      'sources.odd.prefix: expected "" or letters, digits, _ and - starting with a letter or _, got "a b"',
      'sources.odd.tools.rename.a: expected a tool name (letters, digits, _ and -, not starting with a digit), got "1x"',
      'sources.odd.tools.bind.a.b: an object binds as { "env": "VAR" }, { "claim": "name" } or { "value": <any JSON> }',
      "sources.odd.tools.hide: unknown key (transforms take include, exclude, rename, describe, bind)",
    ]);
  });

  it("checks a remote MCP server's entry: one of url or command, and what each takes", () => {
    expect(
      problems({
        sources: {
          both: { mcp: { url: "https://x/mcp", command: "node" } },
          bad: {
            mcp: { url: "ftp://x", headers: { A: 1 }, forwardHeaders: { Authorization: "authorization" }, args: [] },
          },
          run: { mcp: { command: "", args: "x", env: { A: { env: "not a name" } } }, timeout: 0 },
        },
      }),
    ).toEqual([
      'sources.both.mcp: expected { "url": ... } or { "command": ... } (a remote MCP server), got an object',
      'sources.bad.mcp.url: "ftp://x" is not an http(s) URL',
      'sources.bad.mcp.headers.A: expected a string, got a number (1); or expected { "env": "VARIABLE" }, got a number (1)',
      'sources.bad.mcp.forwardHeaders.Authorization: expected a header of the caller\'s request such as "X-Upstream-Token" (never Authorization, Cookie or an Mcp- header), got "authorization"',
      "sources.bad.mcp.args: unknown key (a remote takes url, headers, forwardHeaders)",
      'sources.run.mcp.command: expected a non-empty string, got ""',
      'sources.run.mcp.args: expected a list of strings, got "x"',
      'sources.run.mcp.env.A: expected a string, got an object; or "not a name" is not an environment variable name',
      "sources.run.timeout: expected a whole number from 1, got a number (0)",
    ]);
  });

  it("needs an object with sources", () => {
    expect(problems([])).toEqual([": the config must be an object, got a list"]);
    expect(problems({ name: "x" })).toEqual(["sources: a config needs sources (an object of named sources)"]);
    expect(problems({ sources: {} })).toEqual([
      "sources: expected an object of named sources (at least one), got an object",
    ]);
  });

  it("says it in one line when there is one problem", () => {
    expect(() => validateConfig({ sources: { a: { module: "./nope.ts" } } }, FILE, dir)).toThrow(
      `${FILE}: sources.a.module: no file at ${join(dir, "nope.ts")}`,
    );
  });
});
