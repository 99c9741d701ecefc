import { describe, expect, it } from "vitest";
import type { ListingOptions } from "../serve/listing.js";
import { openApiListingOptions } from "../serve/openapi-identity.js";
import { apiSubject } from "./api-subject.js";
import type { OpenApiIR } from "./types.js";

describe("the subject the discovery tools name", () => {
  it("says API once, and the once", () => {
    expect(apiSubject("Swagger Petstore")).toBe("the Swagger Petstore API");
    expect(apiSubject("Xero Accounting API")).toBe("the Xero Accounting API");
    expect(apiSubject("GitHub v3 REST API")).toBe("the GitHub v3 REST API");
    expect(apiSubject("Notion Api")).toBe("the Notion Api");
    expect(apiSubject("The Movie Database API")).toBe("The Movie Database API");
    expect(apiSubject("Rapid")).toBe("the Rapid API");
    expect(apiSubject("Therapy API")).toBe("the Therapy API");
  });

  it("is what the served discovery tools say, unless a subject is given", () => {
    const ir = { title: "Xero Accounting API" } as OpenApiIR;
    const listing = (options: ListingOptions) => openApiListingOptions(ir, options);
    expect(listing({ mode: "discovery" }).discovery).toEqual({ subject: "the Xero Accounting API" });
    const given = listing({ mode: "discovery", discovery: { subject: "Xero" } });
    expect(given.discovery).toEqual({ subject: "Xero" });
  });
});
