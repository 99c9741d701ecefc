export { envPrefixFromTitle } from "./env-names.js";
export type { OpenApiSourceOptions } from "./options.js";
export type { OperationFilter } from "./select.js";
export { loadOpenApi, openApiSource } from "./source.js";
