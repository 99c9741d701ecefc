/**
 * Golden IR: whole documents (the petstores, ferry-booking) and a handful of real operations, compared with the
 * checked-in files under __golden__/ (JSON; named .snap so the formatter leaves them byte-exact; reviewed by a
 * person; `vitest -u` rewrites them after a deliberate change).
 * File paths are made relative to the corpus (`portable`) so the files do not depend on the machine.
 */
import { corpusFile, portable } from "@mcpsmith/corpus";
import { describe, expect, it } from "vitest";
import type { OpenApiIR } from "../../ir/types.js";
import type { OpenApiSourceOptions } from "./options.js";
import { loadOpenApi } from "./source.js";

function snapshot(value: unknown): string {
  return `${portable(JSON.stringify(value, null, 2))}\n`;
}

describe("golden IR of whole documents", () => {
  it.each(["petstore-swagger2.json", "petstore3-oas30.yaml", "ferry-booking-oas31.yaml"])("%s", async (file) => {
    const ir = await loadOpenApi(corpusFile(`openapi/${file}`));
    await expect(snapshot(ir)).toMatchFileSnapshot(`__golden__/${file.replace(/\.[^.]+$/, "")}.ir.snap`);
  });
});

/** Operations chosen for what they exercise; each spec's tools are cut to these. */
const REAL_OPERATIONS: { file: string; options: OpenApiSourceOptions; why: string }[] = [
  {
    file: "twilio-api-v2010.json",
    options: { include: { operationIds: ["CreateMessage"] }, outputSchema: false },
    why: "path-level servers, form-urlencoded PascalCase body, HTTP basic",
  },
  {
    file: "box-openapi.json",
    options: { include: { operationIds: ["post_files_content"] }, outputSchema: false },
    why: "operation-level server (upload host), multipart with a file, oauth2 + bearer",
  },
  {
    file: "slack-web-swagger2.json",
    options: { include: { operationIds: ["chat_postMessage"] } },
    why: "Swagger 2.0 formData as form-urlencoded, a token header parameter beside oauth2",
  },
  {
    file: "kubernetes-1.13-swagger2.json",
    options: { include: { operationIds: ["deleteCoreV1NamespacedPod"] }, outputSchema: false },
    why: "path-level parameters inherited, Swagger 2.0 body on DELETE, BearerToken apiKey, no host",
  },
  {
    file: "datadog-v1-oas30.yaml",
    options: { include: { operationIds: ["GetIPRanges", "ListDashboards"] }, outputSchema: false },
    why: "server variables with an enum, op-level servers, header and query apiKeys AND-combined",
  },
  {
    file: "github-rest-oas30.json",
    options: { include: { operationIds: ["repos/get-content"] }, outputSchema: false },
    why: "operationId with '/', no security schemes",
  },
];

describe("golden IR of real operations", () => {
  it.each(REAL_OPERATIONS)("$file: $why", async ({ file, options }) => {
    const ir = await loadOpenApi(corpusFile(`openapi/${file}`), options);
    const trimmed: Partial<OpenApiIR> = { title: ir.title, api: ir.api, tools: ir.tools, credentials: ir.credentials };
    const name = file.replace(/\.[^.]+$/, "");
    await expect(snapshot(trimmed)).toMatchFileSnapshot(`__golden__/real/${name}.ir.snap`);
  });
});
