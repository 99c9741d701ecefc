import { describe, expect, it } from "vitest";
import { DriverMissingError, importOptional, loadDriver } from "./load-driver.js";

describe("loadDriver", () => {
  it("names the package to install when the driver is not there", async () => {
    const missing = "mcpsmith-no-such-driver";
    const error = await loadDriver(missing, () => import(missing), `${missing}@1.2.3`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DriverMissingError);
    expect((error as DriverMissingError).packageName).toBe(missing);
    expect((error as Error).message).toBe(`This database needs the ${missing} package: npm install ${missing}@1.2.3`);
  });

  it("passes on a driver that is there, and any other failure as it was", async () => {
    expect(await loadDriver("node:path", () => import("node:path"))).toHaveProperty("join");
    const broken = new Error("the driver's native module was built for another Node");
    await expect(loadDriver("pg", () => Promise.reject(broken))).rejects.toBe(broken);
  });

  it("imports by a specifier given at run time, resolved from the runtime's own folder", async () => {
    const pg = await loadDriver("pg", () => importOptional<{ default: { Pool: unknown } }>("pg"));
    expect(typeof pg.default.Pool).toBe("function");
    const missing = "mcpsmith-no-such-driver";
    await expect(loadDriver(missing, () => importOptional(missing))).rejects.toBeInstanceOf(DriverMissingError);
  });
});
