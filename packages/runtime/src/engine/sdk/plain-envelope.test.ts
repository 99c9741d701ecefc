import { classifyInboundRequest } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from "../../meta-keys.js";
import { plainEnvelope } from "./plain-envelope.js";

const sdkAccepts = (meta: Record<string, unknown>): boolean =>
  classifyInboundRequest({
    httpMethod: "POST",
    body: { jsonrpc: "2.0", id: 0, method: "tools/list", params: { _meta: meta } },
  }).kind === "modern";

// Every choice the plain envelope allows, per part: their product is every plain envelope's shape.
const INFOS = [
  { name: "host", version: "1.0.0" },
  { name: "", version: "" },
  { name: "host", version: "1.0.0", title: "A Host" },
];
const CAPABILITIES = [
  {},
  { roots: {} },
  { roots: { listChanged: true } },
  { roots: { listChanged: false } },
  { sampling: {} },
  { elicitation: {} },
  { elicitation: { form: {} } },
  { elicitation: { url: {} } },
  { elicitation: { form: {}, url: {} } },
  { extensions: {} },
  { extensions: { "io.modelcontextprotocol/tasks": {}, "com.example/x": {} } },
  { experimental: { anything: {} } },
  { roots: { listChanged: true }, sampling: {}, elicitation: { form: {} }, extensions: { "com.example/x": {} } },
];
const LEVELS = [undefined, "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];

const envelope = (info: unknown, capabilities: unknown, level: unknown): Record<string, unknown> => ({
  [PROTOCOL_VERSION_META_KEY]: "2026-07-28",
  [CLIENT_INFO_META_KEY]: info,
  [CLIENT_CAPABILITIES_META_KEY]: capabilities,
  ...(level !== undefined && { [LOG_LEVEL_META_KEY]: level }),
});

describe("plainEnvelope", () => {
  it("takes only envelopes the SDK's own check accepts: every plain one", () => {
    for (const info of INFOS) {
      for (const capabilities of CAPABILITIES) {
        for (const level of LEVELS) {
          const meta = envelope(info, capabilities, level);
          expect(plainEnvelope(meta), JSON.stringify(meta)).toBe(true);
          expect(sdkAccepts(meta), JSON.stringify(meta)).toBe(true);
        }
      }
    }
  });

  it.each([
    ["another revision", { ...envelope(INFOS[0], {}, undefined), [PROTOCOL_VERSION_META_KEY]: "2025-11-25" }],
    ["no capabilities", { ...envelope(INFOS[0], undefined, undefined) }],
    [
      "a client identity with more members",
      envelope({ name: "h", version: "1", websiteUrl: "https://x" }, {}, undefined),
    ],
    ["a client identity without its version", envelope({ name: "h" }, {}, undefined)],
    ["a capability with settings", envelope(INFOS[0], { sampling: { tools: {} } }, undefined)],
    ["an unknown capability", envelope(INFOS[0], { custom: {} }, undefined)],
    ["a roots setting that is not a boolean", envelope(INFOS[0], { roots: { listChanged: "yes" } }, undefined)],
    ["an unknown log level", envelope(INFOS[0], {}, "verbose")],
  ])("leaves %s to the SDK", (_what, meta) => {
    expect(plainEnvelope(meta)).toBe(false);
  });
});
