import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELLO_STDIO, type HttpServer, runCli, startHelloHttp } from "../test-support.js";

describe("mcpsmith call over stdio", () => {
  it.each(["auto", "legacy", "2026-07-28"])("calls a tool with key=value arguments (--era %s)", async (era) => {
    const { code, stdout, stderr } = await runCli(["call", "add", "a=2", "b=3", "--era", era, ...HELLO_STDIO]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toBe("5\n");
  });

  it("names the tools the server has when the tool is unknown", async () => {
    const { code, stdout, stderr } = await runCli(["call", "ad", "a=1", ...HELLO_STDIO]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain('E_TOOL_UNKNOWN No tool named "ad". The server has: add, divide');
    expect(stderr).toContain('Did you mean "add"?');
  });
});

describe("mcpsmith call over HTTP", () => {
  let server: HttpServer;
  beforeAll(async () => {
    server = await startHelloHttp();
  });
  afterAll(() => server.stop());
  const call = (...argv: string[]) => runCli(["call", ...argv, "--url", server.url]);

  it.each(["legacy", "2026-07-28"])("prints structured content as JSON (--era %s)", async (era) => {
    const { code, stdout } = await call("forecast", "--args", '{"city":"Oslo","days":2}', "--era", era);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ city: "Oslo", days: [{ day: 1 }, { day: 2 }] });
  });

  it("keeps string properties as strings and lets pairs win over --args", async () => {
    const { code, stdout } = await call("greet", "--args", '{"name":"Bob","language":"german"}', "name=007");
    expect(code).toBe(0);
    expect(stdout).toBe("Hallo, 007!\n");
  });

  it("exits 1 with the tool's message on stderr when the tool returns isError", async () => {
    const { code, stdout, stderr } = await call("divide", "a=1", "b=0");
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain("Tool divide returned an error: Cannot divide by zero");
  });

  it("prints the whole result with --json, also for errors", async () => {
    const { code, stdout } = await call("divide", "a=1", "b=0", "--json");
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ isError: true });
    const ok = await call("add", "a=1", "b=1", "--json");
    expect(JSON.parse(ok.stdout).content).toEqual([{ type: "text", text: "2" }]);
  });

  it("reports invalid arguments through the server's validation message", async () => {
    const { code, stderr } = await call("add", "a=x", "b=1");
    expect(code).toBe(1);
    expect(stderr).toContain("a: Invalid input: expected number");
  });

  it("rejects --args that is not JSON, with an example of what works", async () => {
    const { code, stderr } = await call("add", "--args", "{a:1}");
    expect(code).toBe(1);
    expect(stderr).toContain("E_ARGS_INVALID --args is not valid JSON");
    expect(stderr).toContain(`--args '{"city":"Oslo","days":3}'`);
    const array = await call("add", "--args", "[1,2]");
    expect(array.stderr).toContain("--args must be a JSON object");
  });

  it("reads a resource, and a template's expansion", async () => {
    const about = await call("--resource", "hello://about");
    expect(about.code).toBe(0);
    expect(about.stdout).toContain("# hello");
    const french = await call("--resource", "hello://greetings/french");
    expect(french.stdout).toBe("Bonjour\n");
  });

  it("reports a resource the server does not have", async () => {
    const { code, stderr } = await call("--resource", "hello://nothing");
    expect(code).toBe(1);
    expect(stderr).toContain("E_REQUEST_FAILED");
    expect(stderr).toContain("hello://nothing");
  });

  it("gets a prompt with its arguments", async () => {
    const { code, stdout } = await call("--prompt", "introduce", "name=Ada", "style=pirate");
    expect(code).toBe(0);
    expect(stdout).toContain("user: Introduce Ada to the audience in a pirate style");
    const unknown = await call("--prompt", "introduction");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Did you mean "introduce"?');
  });

  it("asks for a tool name when none is given", async () => {
    const { code, stderr } = await call("a=1");
    expect(code).toBe(1);
    expect(stderr).toContain("Say which tool to call");
  });
});
