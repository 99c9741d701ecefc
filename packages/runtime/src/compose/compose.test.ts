import { describe, expect, it } from "vitest";
import { z } from "zod";
import { server } from "../index.js";
import type { Context } from "../model/context.js";
import type { ServerModel } from "../model/types.js";
import { createTestClient } from "../testing/index.js";
import { composeServer } from "./compose.js";
import { catalogueModel } from "./modes.js";
import type { ComposedSource } from "./types.js";

const info = { name: "acme", version: "1.0.0" };

function billing(): ServerModel {
  return server({ name: "billing", version: "1.0.0", instructions: "Amounts are in cents." })
    .tool(
      "list_invoices",
      { description: "List invoices", input: z.object({ tenant: z.string(), limit: z.number().default(10) }) },
      (args) => ({ called: "list_invoices", ...args }),
    )
    .tool(
      "refund",
      { description: "Refund an invoice", input: { type: "object", properties: { id: { type: "string" } } } },
      (args) => args,
    )
    .resource("invoices://{id}", { description: "An invoice" }, ({ id }) => `invoice ${id}`)
    .resource("invoices://latest", { description: "The latest invoice" }, () => "latest")
    .prompt("explain", { description: "Explain an invoice" }, () => "Explain it.")
    .build();
}

function shop(): ServerModel {
  return server({ name: "shop", version: "1.0.0" })
    .tool("list_invoices", { description: "The shop's invoices" }, () => "shop")
    .resource("invoices://latest", { description: "The shop's latest" }, () => "shop latest")
    .build();
}

const source = (key: string, model: ServerModel, plans: ComposedSource["tools"], prefix = key): ComposedSource => ({
  key,
  model,
  prefix,
  tools: plans,
});

describe("composeServer", () => {
  it("serves the planned tools under their names, resources and prompts namespaced by the prefix", async () => {
    const { model, toolSources } = composeServer(
      [
        source("billing", billing(), [
          { tool: "list_invoices", name: "billing_list_invoices", description: "Invoices of a tenant" },
          { tool: "refund", name: "billing_refund" },
        ]),
        source("shop", shop(), [{ tool: "list_invoices", name: "shop_list_invoices" }]),
      ],
      { info, instructions: "One server for acme." },
    );
    expect(model.tools.map((tool) => tool.name)).toEqual([
      "billing_list_invoices",
      "billing_refund",
      "shop_list_invoices",
    ]);
    expect(toolSources.get("shop_list_invoices")).toBe("shop");
    expect(model.instructions).toBe(
      "One server for acme.\n\nFrom billing (its tools are named billing_*): Amounts are in cents.",
    );
    const client = await createTestClient(model, { era: "2026-07-28" });
    try {
      const listed = (await client.listTools()).tools;
      expect(listed[0]).toMatchObject({ name: "billing_list_invoices", description: "Invoices of a tenant" });
      expect((await client.listResources()).resources.map((r) => [r.uri, r.name])).toEqual([
        ["invoices://billing/latest", "billing_invoices://latest"],
        ["invoices://shop/latest", "shop_invoices://latest"],
      ]);
      expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual([
        "invoices://billing/{id}",
      ]);
      expect((await client.readResource({ uri: "invoices://billing/7" })).contents[0]).toMatchObject({
        text: "invoice 7",
      });
      expect((await client.readResource({ uri: "invoices://shop/latest" })).contents[0]).toMatchObject({
        text: "shop latest",
      });
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(["billing_explain"]);
      const called = await client.callTool({ name: "billing_list_invoices", arguments: { tenant: "t1" } });
      expect(called.structuredContent).toEqual({ called: "list_invoices", tenant: "t1", limit: 10 });
    } finally {
      await client.close();
    }
  });

  it("refuses a name two sources give, naming both (case folded), for tools, prompts and resources", () => {
    const tools = () =>
      composeServer(
        [
          source("billing", billing(), [{ tool: "refund", name: "Refund" }], ""),
          source("shop", shop(), [{ tool: "list_invoices", name: "refund" }], ""),
        ],
        { info },
      );
    expect(tools).toThrow(
      /the tool name "Refund" and "refund" \(case folded\) is taken by sources "billing" and "shop"/,
    );
    const resources = () =>
      composeServer([source("billing", billing(), [], ""), source("shop", shop(), [], "")], { info });
    expect(resources).toThrow(/the resource name "invoices:\/\/latest" is taken by sources "billing" and "shop"/);
  });

  it("refuses a plan naming a tool the source does not have", () => {
    expect(() => composeServer([source("shop", shop(), [{ tool: "nope", name: "shop_nope" }])], { info })).toThrow(
      'source "shop" has no tool "nope"',
    );
  });

  it("fills bound arguments, which leave the listed schema, and validates with the tool's own schema", async () => {
    const { model } = composeServer(
      [
        source("billing", billing(), [
          {
            tool: "list_invoices",
            name: "billing_list_invoices",
            bind: { tenant: { env: "TENANT" } },
          },
          { tool: "refund", name: "billing_refund", bind: { id: { value: "inv-1" } } },
        ]),
      ],
      { info, env: { TENANT: "acme" } },
    );
    const client = await createTestClient(model, { era: "legacy" });
    try {
      const [list, refund] = (await client.listTools()).tools;
      expect(Object.keys(list!.inputSchema.properties ?? {})).toEqual(["limit"]);
      expect(list!.inputSchema.required ?? []).not.toContain("tenant");
      expect(refund!.inputSchema.properties).toEqual({});
      const called = await client.callTool({ name: "billing_list_invoices", arguments: { limit: 3 } });
      expect(called.structuredContent).toEqual({ called: "list_invoices", tenant: "acme", limit: 3 });
      // A value sent for a bound argument is replaced, never used.
      const sent = await client.callTool({ name: "billing_refund", arguments: { id: "inv-999" } });
      expect(sent.structuredContent).toEqual({ id: "inv-1" });
    } finally {
      await client.close();
    }
  });

  it("refuses an unset environment variable and a claim binding without authentication, at composition", () => {
    const compose = (bind: Record<string, object>, authenticated: boolean) =>
      composeServer(
        [
          source("billing", billing(), [
            {
              tool: "list_invoices",
              name: "x",
              bind: bind as never,
              where: "sources.billing.tools.bind.list_invoices",
            },
          ]),
        ],
        { info, env: {}, authenticated },
      );
    expect(() => compose({ tenant: { env: "TENANT" } }, true)).toThrow(
      "sources.billing.tools.bind.list_invoices.tenant: the environment variable TENANT is not set",
    );
    expect(() => compose({ tenant: { claim: "sub" } }, false)).toThrow(
      /tenant: a claim binding needs authenticated callers/,
    );
    expect(() => compose({ "filter.tenant": { value: 1 } }, true)).toThrow(
      'sources.billing.tools.bind.list_invoices: the input schema of x has no argument "filter"',
    );
  });

  it("reads a claim binding from the caller's verified credential at each call, and refuses a caller without it", async () => {
    const { model } = composeServer(
      [source("billing", billing(), [{ tool: "list_invoices", name: "x", bind: { tenant: { claim: "org" } } }])],
      { info, authenticated: true },
    );
    const tool = model.tools[0]!;
    const call = (claims: Record<string, unknown> | undefined) =>
      (tool.handler as (args: unknown, ctx: Context) => unknown)({ limit: 1 }, {
        auth: claims && { claims },
      } as unknown as Context);
    await expect(call({ org: "o-7" })).resolves.toEqual({ called: "list_invoices", tenant: "o-7", limit: 1 });
    await expect(call({})).rejects.toThrow('filtered by the "org" claim of your credential, which it does not carry');
    await expect(call(undefined)).rejects.toThrow(/"org" claim/);
  });

  it("runs a source's tool middleware around its own tools only, under their own names", async () => {
    const seen: string[] = [];
    const model = server({ name: "mw", version: "1.0.0" })
      .tool("ping", { description: "Ping" }, () => "pong")
      .use({
        tool: async (call, next) => {
          seen.push(call.name);
          return next();
        },
      })
      .build();
    const { model: composed } = composeServer(
      [
        source("mw", model, [{ tool: "ping", name: "mw_ping" }]),
        source("shop", shop(), [{ tool: "list_invoices", name: "shop_list" }]),
      ],
      { info },
    );
    const client = await createTestClient(composed, { era: "2026-07-28" });
    try {
      await client.callTool({ name: "mw_ping", arguments: {} });
      await client.callTool({ name: "shop_list", arguments: {} });
      expect(seen).toEqual(["ping"]);
    } finally {
      await client.close();
    }
  });
});

describe("catalogueModel", () => {
  const composed = () =>
    composeServer(
      [
        {
          ...source("billing", billing(), [
            { tool: "list_invoices", name: "billing_list_invoices" },
            { tool: "refund", name: "billing_refund" },
          ]),
          hints: { refund: { group: "payments", keywords: ["POST /refunds"] } },
        },
        source("shop", shop(), [{ tool: "list_invoices", name: "shop_list_invoices" }]),
      ],
      { info },
    );

  it("lists every tool in tools mode, and auto turns to discovery above the threshold, counted over every source", () => {
    expect(catalogueModel(composed(), { mode: "auto", threshold: 3 }).mode).toBe("tools");
    expect(catalogueModel(composed(), { mode: "auto", threshold: 2 }).mode).toBe("discovery");
    expect(() => catalogueModel(composed(), { mode: "auto", threshold: -1 })).toThrow(/whole number/);
  });

  it("serves one search over the whole catalogue, groups prefixed with the source, calls validated by each tool's schema", async () => {
    const { model } = catalogueModel(composed(), { mode: "discovery", threshold: 40, subject: "the acme server" });
    const client = await createTestClient(model, { era: "2026-07-28" });
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
        "search_operations",
        "describe_operation",
        "call_operation",
      ]);
      const found = await client.callTool({ name: "search_operations", arguments: { query: "refunds" } });
      expect(found.structuredContent).toMatchObject({
        operations: [{ name: "billing_refund", group: "billing/payments" }],
      });
      const all = await client.callTool({ name: "search_operations", arguments: {} });
      expect((all.structuredContent as { total: number }).total).toBe(3);
      const called = await client.callTool({
        name: "call_operation",
        arguments: { name: "billing_list_invoices", arguments: { tenant: "t" } },
      });
      // The zod schema's default is applied, as the tool's own call would.
      expect(called.structuredContent).toEqual({ called: "list_invoices", tenant: "t", limit: 10 });
      const bad = await client.callTool({
        name: "call_operation",
        arguments: { name: "billing_list_invoices", arguments: {} },
      });
      expect(bad.isError).toBe(true);
      expect(JSON.stringify(bad.content)).toContain("tenant");
      // Resources and prompts stay as they are.
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(["billing_explain"]);
    } finally {
      await client.close();
    }
  });
});
