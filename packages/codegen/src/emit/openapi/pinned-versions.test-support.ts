/**
 * The dependency versions tests write generated projects with: fixed, so the reviewed snapshot files do not change
 * with each release, and known to be in this workspace, so a generated project type-checks against it.
 */
export const PINNED_VERSIONS = {
  runtime: "^0.1.0",
  cli: "^0.1.0",
  typescript: "6.0.3",
  vitest: "4.1.12",
  vite: "7.3.8",
  "@types/node": "20.19.9",
};
