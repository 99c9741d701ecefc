export type { DatabaseSourceOptions } from "./options.js";
export type { DatabaseReading } from "./reading.js";
export { type DatabaseAddress, DIALECTS, isDdlFile, parseDatabaseAddress, redactUrl } from "./shared/address.js";
export { databaseSource, loadDatabase } from "./source.js";
