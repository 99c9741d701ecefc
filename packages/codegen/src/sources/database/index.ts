export { type DatabaseAddress, parseDatabaseAddress, redactUrl } from "./address.js";
export type { DatabaseSourceOptions } from "./options.js";
export type { DatabaseReading } from "./reading.js";
export { databaseSource, loadDatabase } from "./source.js";
