import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, firstText, operation } from "../../../../../test/support/http-executor.js";
import { startUpstream, type Upstream } from "../../../../../test/support/upstream.js";
import { createHttpExecutor } from "./executor.js";
import type { HttpApi } from "./operation.js";

let upstream: Upstream;
let port: string;

beforeAll(async () => {
  upstream = await startUpstream();
  port = new URL(upstream.url).port;
});
afterAll(() => upstream.close());

const petsOp = operation({ path: "/pets" });

describe("base URL", () => {
  it("substitutes server variables from their defaults", async () => {
    const api: HttpApi = {
      servers: [{ url: "http://{host}:{port}/{basePath}", variables: defaults({ port, basePath: "v2" }) }],
      securitySchemes: {},
    };
    await callTool(createHttpExecutor(api), petsOp);
    expect(upstream.last().url).toBe("/v2/pets");
  });

  it("takes serverVariables over the defaults and checks them against the variable's enum", async () => {
    const api: HttpApi = {
      servers: [
        {
          url: "http://127.0.0.1:{port}/{version}",
          variables: { port: { default: "1" }, version: { default: "v1", enum: ["v1", "v2"] } },
        },
      ],
      securitySchemes: {},
    };
    await callTool(createHttpExecutor(api, { serverVariables: { port, version: "v2" } }), petsOp);
    expect(upstream.last().url).toBe("/v2/pets");

    const before = upstream.requests.length;
    const bad = await callTool(createHttpExecutor(api, { serverVariables: { port, version: "v3" } }), petsOp);
    expect(bad.isError).toBe(true);
    expect(firstText(bad)).toBe('The server variable "version" is "v3", which is not one of "v1", "v2".');
    expect(upstream.requests.length).toBe(before);
  });

  it("prefers the operation's own servers to the API's", async () => {
    const api: HttpApi = { servers: [{ url: "http://127.0.0.1:1/api" }], securitySchemes: {} };
    const op = operation({ path: "/upload", servers: [{ url: `${upstream.url}/files` }] });
    await callTool(createHttpExecutor(api), op);
    expect(upstream.last().url).toBe("/files/upload");
  });

  it("is overridden by the baseUrlEnv variable, and both by the baseUrl option", async () => {
    const api: HttpApi = { servers: [{ url: "http://127.0.0.1:1" }], securitySchemes: {}, baseUrlEnv: "PETS_URL" };
    await callTool(createHttpExecutor(api, { env: { PETS_URL: `${upstream.url}/from-env/` } }), petsOp);
    expect(upstream.last().url).toBe("/from-env/pets");

    const executor = createHttpExecutor(api, {
      env: { PETS_URL: "http://127.0.0.1:1" },
      baseUrl: `${upstream.url}/opt`,
    });
    await callTool(executor, petsOp);
    expect(upstream.last().url).toBe("/opt/pets");
  });

  it("asks for a base URL when the server URL is relative, naming the variable", async () => {
    const api: HttpApi = { servers: [{ url: "/api/v3" }], securitySchemes: {}, baseUrlEnv: "PETSTORE_BASE_URL" };
    const result = await callTool(createHttpExecutor(api, { env: {} }), petsOp);
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe(
      "The API's server URL \"/api/v3\" is relative, so it needs a base URL to call: set PETSTORE_BASE_URL (or the executor's baseUrl option).",
    );
  });

  it("names a server variable left empty (a self-hosted API's host), and calls once it is set", async () => {
    const api: HttpApi = {
      servers: [{ url: "{scheme}://{host}", variables: { scheme: { default: "http" }, host: { default: "" } } }],
      securitySchemes: {},
      baseUrlEnv: "SHLINK_BASE_URL",
    };
    const unset = await callTool(createHttpExecutor(api, { env: {} }), petsOp);
    expect(unset.isError).toBe(true);
    expect(firstText(unset)).toBe(
      "The server URL {scheme}://{host} has no value for {host}: set SHLINK_BASE_URL (or the executor's baseUrl option), or set it in serverVariables.",
    );
    await callTool(createHttpExecutor(api, { env: {}, serverVariables: { host: `127.0.0.1:${port}` } }), petsOp);
    expect(upstream.last().url).toBe("/pets");
  });

  it("says so when there is no server at all, and refuses a base URL that is not http(s)", async () => {
    const none = await callTool(createHttpExecutor({ servers: [], securitySchemes: {} }), petsOp);
    expect(firstText(none)).toBe(
      "The API declares no server, so there is no URL to call: pass the executor's baseUrl option.",
    );
    const file = await callTool(
      createHttpExecutor({ servers: [], securitySchemes: {} }, { baseUrl: "file:///etc" }),
      petsOp,
    );
    expect(firstText(file)).toBe("The base URL from the baseUrl option must be http or https, not file:.");
  });
});

function defaults(values: Record<string, string>) {
  const variables: Record<string, { default: string }> = { host: { default: "127.0.0.1" } };
  for (const [name, value] of Object.entries(values)) variables[name] = { default: value };
  return variables;
}
