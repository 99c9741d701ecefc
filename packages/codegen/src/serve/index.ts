/**
 * `@mcpsmith/codegen/serve`: the in-memory back end behind `mcpsmith serve`. IR tools with handlers become a runtime
 * server, listed as tools or as the discovery tools; `openApiServer` runs each OpenAPI tool through the runtime's
 * HTTP executor, `databaseServer` each database tool through its SQL executor.
 */
export { type DatabaseServeOptions, databaseServer, type ServedDatabase } from "./database.js";
export type { ListingOptions } from "./listing.js";
export { type OpenApiServeOptions, openApiServer } from "./openapi.js";
export { buildServer, type ExecutableTool, type ServerBuild } from "./server.js";
export { selectToolsets, toolsetsOf } from "./toolsets.js";
