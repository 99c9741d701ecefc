import type { HttpOperation } from "@mcpsmith/runtime/http";
import { createTestClient } from "@mcpsmith/runtime/testing";
import { describe, expect, it } from "vitest";
import type { OpenApiIR, ToolIR } from "../ir/types.js";
import { openApiServer } from "./openapi.js";

function operation(name: string, binding: HttpOperation, group = "pet"): ToolIR<HttpOperation> {
  return {
    name,
    description: `${binding.method} ${binding.path}`,
    inputSchema: {
      type: "object",
      properties: Object.fromEntries(binding.parameters.map((p) => [p.argument, { type: "string" }])),
      required: binding.parameters.filter((p) => p.required).map((p) => p.argument),
    },
    annotations: { readOnlyHint: binding.method === "GET", openWorldHint: true },
    group,
    deprecated: false,
    origin: {
      file: "petstore.yaml",
      pointer: `/paths/${binding.path.replaceAll("/", "~1")}/${binding.method.toLowerCase()}`,
    },
    binding,
  };
}

const ir: OpenApiIR = {
  kind: "openapi",
  title: "Swagger Petstore - OpenAPI 3.0",
  version: "1.0.27",
  description: "A sample pet store.\n\nMore words.",
  api: {
    servers: [{ url: "https://petstore3.swagger.io/api/v3" }],
    securitySchemes: { api_key: { type: "apiKey", in: "header", name: "api_key", env: "PETSTORE_API_KEY" } },
  },
  tools: [
    operation("getPetById", {
      method: "GET",
      path: "/pet/{petId}",
      parameters: [{ name: "petId", argument: "petId", in: "path", style: "simple", explode: false, required: true }],
      security: [["api_key"]],
      accepts: ["application/json"],
    }),
    operation("getInventory", { method: "GET", path: "/store/inventory", parameters: [], security: [] }, "store"),
  ],
  credentials: [{ env: "PETSTORE_API_KEY", description: "API key", scheme: "api_key" }],
  warnings: [],
};

/** A fetch that records what it is asked and answers with JSON. */
function recordingFetch() {
  const requests: { method: string; url: string; apiKey: string | null }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({ method: request.method, url: request.url, apiKey: request.headers.get("api_key") });
    return Response.json({ id: 7, name: "doggie" });
  };
  return { requests, fetch: fetch as typeof globalThis.fetch };
}

describe("openApiServer", () => {
  it("names the server after the API and calls the executor with the configured base URL", async () => {
    const upstream = recordingFetch();
    const built = openApiServer(ir, {
      executor: { baseUrl: "http://127.0.0.1:9/v3", env: { PETSTORE_API_KEY: "secret" }, fetch: upstream.fetch },
    });
    expect(built.builder.build().info).toEqual({
      name: "swagger-petstore-openapi-3-0",
      version: "1.0.27",
      title: "Swagger Petstore - OpenAPI 3.0",
      description: "A sample pet store.",
    });
    const client = await createTestClient(built.builder, { era: "2026-07-28" });
    const result = await client.callTool({ name: "getPetById", arguments: { petId: "7 a" } });
    expect(result.structuredContent).toEqual({ id: 7, name: "doggie" });
    expect(upstream.requests).toEqual([{ method: "GET", url: "http://127.0.0.1:9/v3/pet/7%20a", apiKey: "secret" }]);
    await client.close();
  });

  it("answers a missing credential with isError naming the variable, and sends nothing", async () => {
    const upstream = recordingFetch();
    const built = openApiServer(ir, {
      executor: { baseUrl: "http://127.0.0.1:9/v3", env: {}, fetch: upstream.fetch },
    });
    const client = await createTestClient(built.builder, { era: "legacy" });
    const result = await client.callTool({ name: "getPetById", arguments: { petId: "1" } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toContain("PETSTORE_API_KEY");
    expect(upstream.requests).toEqual([]);
    await client.close();
  });

  it("reaches the same executor through discovery, where search also matches the method and path", async () => {
    const upstream = recordingFetch();
    const built = openApiServer(ir, {
      mode: "discovery",
      executor: { baseUrl: "http://127.0.0.1:9/v3", env: {}, fetch: upstream.fetch },
    });
    const client = await createTestClient(built.builder, { era: "2026-07-28" });
    const { tools } = await client.listTools();
    expect(tools[0]?.description).toContain("Search the 2 operations of the Swagger Petstore - OpenAPI 3.0 API");
    const found = await client.callTool({ name: "search_operations", arguments: { query: "GET inventory" } });
    expect((found.structuredContent as { operations: { name: string }[] }).operations[0]?.name).toBe("getInventory");
    const called = await client.callTool({ name: "call_operation", arguments: { name: "getInventory" } });
    expect(called.structuredContent).toEqual({ id: 7, name: "doggie" });
    expect(upstream.requests).toEqual([{ method: "GET", url: "http://127.0.0.1:9/v3/store/inventory", apiKey: null }]);
    await client.close();
  });

  it("passes the call's cancellation and the configured timeout on to the HTTP request", async () => {
    let started = 0;
    let aborted = 0;
    // An upstream that never answers: only an aborted signal ends the request.
    const hanging = ((_input: string | URL | Request, init?: RequestInit) => {
      started++;
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => {
          aborted++;
          reject(init.signal?.reason);
        });
      });
    }) as typeof globalThis.fetch;
    const executor = { baseUrl: "http://127.0.0.1:9/v3", env: {}, fetch: hanging };

    const cancellable = openApiServer(ir, { executor: { ...executor, timeoutMs: 600_000 } });
    const client = await createTestClient(cancellable.builder, { era: "legacy" });
    const controller = new AbortController();
    const call = client.callTool({ name: "getInventory" }, { signal: controller.signal });
    await expect.poll(() => started).toBe(1);
    controller.abort();
    await expect(call).rejects.toThrow();
    await expect.poll(() => aborted).toBe(1);
    await client.close();

    const timed = openApiServer(ir, { executor: { ...executor, timeoutMs: 50 } });
    const timedClient = await createTestClient(timed.builder, { era: "2026-07-28" });
    const result = await timedClient.callTool({ name: "getInventory" });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toBe("GET /store/inventory timed out after 50 ms.");
    await timedClient.close();
  });
});
