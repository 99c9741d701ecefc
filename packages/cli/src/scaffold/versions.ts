/**
 * Versions a new project starts with: the ones this workspace builds and tests with (a unit test keeps the
 * two in step). vite stays on 7.3.x: vite 8 no longer lowers TC39 decorators for vitest.
 */
export const PROJECT_VERSIONS = {
  zod: "4.6.7",
  typescript: "6.0.3",
  vitest: "4.1.12",
  vite: "7.3.8",
  "@types/node": "20.19.9",
} as const;
