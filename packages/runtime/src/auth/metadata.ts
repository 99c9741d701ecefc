import {
  getOAuthProtectedResourceMetadataUrl,
  type OAuthProtectedResourceMetadata,
} from "@modelcontextprotocol/server";

const WELL_KNOWN = "/.well-known/oauth-protected-resource";

/** Where the Protected Resource Metadata is served (RFC 9728 section 3.1), for a resource URI. */
export function metadataPaths(resource: URL): string[] {
  const path = resource.pathname === "/" ? "" : resource.pathname.replace(/\/$/, "");
  // The path-suffixed location is the one RFC 9728 defines; the bare one is where 2025-era clients look first.
  return path === "" ? [WELL_KNOWN] : [`${WELL_KNOWN}${path}`, WELL_KNOWN];
}

/** The URL advertised in `WWW-Authenticate: ... resource_metadata="..."` (the SDK builds it). */
export function metadataUrl(resource: URL): string {
  return getOAuthProtectedResourceMetadataUrl(resource);
}

export interface MetadataFields {
  authorizationServers: readonly string[];
  scopesSupported: readonly string[];
  resourceName?: string;
}

/** The RFC 9728 document: this resource, who issues tokens for it, and the scopes it knows. */
export function protectedResourceMetadata(resource: URL, fields: MetadataFields): OAuthProtectedResourceMetadata {
  return {
    resource: resource.href,
    authorization_servers: [...fields.authorizationServers],
    bearer_methods_supported: ["header"],
    ...(fields.scopesSupported.length > 0 && { scopes_supported: [...fields.scopesSupported] }),
    ...(fields.resourceName !== undefined && { resource_name: fields.resourceName }),
  };
}

/** The document as a response: public, cacheable for a while, readable from a browser-based client. */
export function metadataResponse(request: Request, document: OAuthProtectedResourceMetadata): Response {
  const cors = { "access-control-allow-origin": "*", "access-control-allow-methods": "GET, OPTIONS" };
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response(null, { status: 405, headers: { ...cors, allow: "GET, HEAD, OPTIONS" } });
  }
  return Response.json(document, { headers: { ...cors, "cache-control": "max-age=3600" } });
}
