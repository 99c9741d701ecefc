import { PROJECT_VERSIONS } from "./package-json.js";

/**
 * The versions tests write generated projects with: ours fixed, so the reviewed snapshot files do not change with
 * each release; the tools' the ones every project starts with, which this workspace builds and tests with.
 */
export const PINNED_VERSIONS = { ...PROJECT_VERSIONS, runtime: "^0.1.0", cli: "^0.1.0" };
