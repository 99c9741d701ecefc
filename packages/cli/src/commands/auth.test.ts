// `mcpsmith serve ... --http --api-keys FILE` / `--auth-jwks` and `mcpsmith list/call --token`: the CLI's side of
// authorization (docs/auth.md). The verifiers themselves are tested in test/auth.verifiers.test.ts.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../../test/support/free-port.js";
import { REPO_ROOT, runCli } from "../test-support.js";

const BIN = join(REPO_ROOT, "packages/cli/dist/bin.js");
let dir: string;
let child: ChildProcess | undefined;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mcpsmith-cli-auth-"));
  writeFileSync(join(dir, "notes.sql"), "CREATE TABLE notes (id integer primary key, body text);\n");
  const digest = createHash("sha256").update("key-for-ci").digest("hex");
  writeFileSync(join(dir, "keys.txt"), `ci sha256:${digest}\n`);
  const port = await freePort();
  child = spawn(
    process.execPath,
    [
      BIN,
      "serve",
      "db",
      join(dir, "notes.sql"),
      "--dialect",
      "sqlite",
      "--http",
      String(port),
      "--api-keys",
      join(dir, "keys.txt"),
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  url = await new Promise<string>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${output}`)), 20_000);
    child!.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const found = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child!.once("exit", (code) => reject(new Error(`serve exited (${code}): ${output}`)));
  });
}, 30_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe("mcpsmith serve --api-keys and list --token", () => {
  it("lists with a key given as --token or in MCPSMITH_TOKEN", async () => {
    const flag = await runCli(["list", "--url", url, "--token", "key-for-ci"]);
    expect(flag.code).toBe(0);
    expect(flag.stdout).toContain("list_notes");
    const env = await runCli(["list", "--url", url], { env: { ...process.env, MCPSMITH_TOKEN: "key-for-ci" } });
    expect(env.code).toBe(0);
  });

  it("says a credential is needed, and how to give one, when there is none or a wrong one", async () => {
    for (const extra of [[], ["--token", "wrong-key"]]) {
      const { code, stderr } = await runCli(["list", "--url", url, ...extra], { env: { PATH: process.env.PATH } });
      expect(code).toBe(1);
      expect(stderr).toContain("requires a valid credential (HTTP 401)");
      expect(stderr).toContain("--token");
      expect(stderr).not.toContain("wrong-key");
    }
  });

  it("calls a tool with --token", async () => {
    const { code, stdout, stderr } = await runCli([
      "call",
      "--url",
      url,
      "--token",
      "key-for-ci",
      "describe",
      "table=notes",
      "--json",
    ]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain("notes");
  });
});

describe("authorization flags: usage errors", () => {
  const sql = () => join(dir, "notes.sql");
  it.each([
    [
      ["--auth-jwks", "https://as.example.com/jwks", "--auth-issuer", "https://as.example.com"],
      "Authorization applies to --http only",
    ],
    [["--http", "--auth-jwks", "https://as.example.com/jwks"], "--auth-jwks needs --auth-issuer"],
    [["--http", "--auth-issuer", "https://as.example.com"], "--auth-issuer and --auth-audience go with --auth-jwks."],
    [
      ["--http", "0", "--auth-jwks", "https://as.example.com/jwks", "--auth-issuer", "https://as.example.com"],
      "--auth-audience",
    ],
  ])("serve %j: %s", async (flags, message) => {
    const { code, stderr } = await runCli(["serve", "db", sql(), "--dialect", "sqlite", ...flags]);
    expect(code).toBe(1);
    expect(stderr).toContain("E_USAGE");
    expect(stderr).toContain(message);
  });

  it("refuses --token for a stdio server", async () => {
    const { code, stderr } = await runCli(["list", "--token", "x", "--", process.execPath, "nothing.js"]);
    expect(code).toBe(1);
    expect(stderr).toContain("--token applies to an HTTP server (--url) only.");
  });
});
