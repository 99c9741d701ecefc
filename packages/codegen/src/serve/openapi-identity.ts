import type { ServerDefinition } from "@mcpsmith/runtime";
import { apiSubject } from "../ir/api-subject.js";
import type { OpenApiIR } from "../ir/types.js";
import type { ListingOptions } from "./listing.js";

/** The server an OpenAPI document becomes: `serverInfo` named after the API, by serve and generate alike. */
export function openApiServerDefinition(ir: OpenApiIR): ServerDefinition {
  return {
    name: serverNameOf(ir.title),
    version: ir.version,
    title: ir.title,
    ...(ir.description !== undefined && { description: firstParagraph(ir.description) }),
  };
}

/** The options given, with the discovery tools' descriptions naming the API unless a subject is given. */
export function openApiListingOptions<T extends ListingOptions>(ir: OpenApiIR, options: T): T {
  return { ...options, discovery: { subject: apiSubject(ir.title), ...options.discovery } };
}

/** `Swagger Petstore - OpenAPI 3.0` -> `swagger-petstore-openapi-3-0`: an identifier for `serverInfo.name`. */
function serverNameOf(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "openapi"
  );
}

function firstParagraph(text: string): string {
  return text
    .trim()
    .split(/\r?\n\s*\r?\n/, 1)[0]!
    .trim();
}
