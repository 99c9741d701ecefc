import { type BlankView, blankView, hostConfigs, type ProjectOptions } from "./blank-view.js";

/**
 * Everything templates/typescript reads: the blank project's view, with the entry moved to the generated
 * `main.ts` and the scripts running `mcpsmith generate` (annotated functions in src/tools.ts -> src/generated/)
 * before tsc and vitest.
 */
export interface TypeScriptView extends BlankView {
  /** mcpsmith.json: the `generate ts` run the scripts repeat. */
  manifest: unknown;
}

export const GENERATED_ENTRY = "dist/generated/main.js";

export function typescriptView(options: ProjectOptions): TypeScriptView {
  const blank = blankView(options);
  const entry = `${options.dir}/${GENERATED_ENTRY}`;
  const packageJson = blank.packageJson as { scripts: Record<string, string>; dependencies: Record<string, string> };
  const { zod: _zod, ...dependencies } = packageJson.dependencies;
  return {
    ...blank,
    entry,
    hosts: hostConfigs(blank.serverName, entry, blank.isHttp ? blank.url : undefined),
    packageJson: {
      ...packageJson,
      main: GENERATED_ENTRY,
      scripts: {
        ...packageJson.scripts,
        // Types are the schema: regenerate the server from src/tools.ts before anything reads it. `dev` (the blank
        // project's `mcpsmith dev --http`) regenerates on its own, at start and after every change to the sources.
        generate: "mcpsmith generate",
        build: "mcpsmith generate && tsc -p tsconfig.build.json",
        start: `node ${GENERATED_ENTRY}`,
        test: "mcpsmith generate && vitest run",
        typecheck: "mcpsmith generate && tsc --noEmit",
      },
      // No zod: the schemas come from the TypeScript types.
      dependencies,
    },
    manifest: {
      generate: [
        {
          kind: "ts",
          inputs: ["src/tools.ts"],
          options: blank.isHttp ? { transport: "http" } : {},
        },
      ],
    },
  };
}
