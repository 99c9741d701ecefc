export { lowerDatabase } from "./lower.js";
export { type DatabaseToolOptions, DEFAULT_CONNECTION_ENV } from "./options.js";
