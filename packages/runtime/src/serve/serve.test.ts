import { afterEach, describe, expect, it } from "vitest";
import { McpsmithError } from "../errors.js";
import { server } from "../index.js";
import { serve } from "./serve.js";

const app = () => server({ name: "t", version: "1" }).tool("echo", { description: "Echo" }, () => "hi");

describe("serve(): MCPSMITH_FAST_PATH", () => {
  afterEach(() => {
    delete process.env.MCPSMITH_FAST_PATH;
  });

  it.each(["0", "false", "1", "true", ""])("accepts %j", async (value) => {
    process.env.MCPSMITH_FAST_PATH = value;
    const handle = await serve(app(), { http: { port: 0 }, exitOnShutdown: false });
    await handle.close();
  });

  it("refuses anything else, naming the variable and the value", async () => {
    process.env.MCPSMITH_FAST_PATH = "off";
    const attempt = serve(app(), { http: { port: 0 }, exitOnShutdown: false });
    await expect(attempt).rejects.toBeInstanceOf(McpsmithError);
    await expect(attempt).rejects.toMatchObject({
      code: "E_SERVE_OPTIONS",
      message: 'MCPSMITH_FAST_PATH must be "0", "1", "true" or "false", got "off"',
    });
  });
});
