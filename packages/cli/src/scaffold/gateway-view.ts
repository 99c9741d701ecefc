import { type BlankView, blankView, hostConfigs, type ProjectOptions } from "./blank-view.js";

/** Where the gateway's config is, and how hosts and scripts serve it: the project's own CLI, no build step. */
export const GATEWAY_CONFIG = "mcpsmith.config.ts";
const CLI_BIN = "node_modules/@mcpsmith/cli/dist/bin.js";

/**
 * Everything templates/gateway reads: the blank project's view, served from `mcpsmith.config.ts` by the CLI
 * (`mcpsmith serve`, `mcpsmith dev`) instead of a compiled entry, so the CLI is a dependency, not a dev one.
 */
export function gatewayView(options: ProjectOptions): BlankView {
  const blank = blankView(options);
  const config = `${options.dir}/${GATEWAY_CONFIG}`;
  const packageJson = blank.packageJson as {
    scripts: Record<string, string>;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const { "@mcpsmith/cli": cli, ...devDependencies } = packageJson.devDependencies;
  const { main: _main, ...rest } = packageJson as Record<string, unknown>;
  // Over stdio even where the config says HTTP: a host starts the process and talks on stdin/stdout.
  const serve = [`${options.dir}/${CLI_BIN}`, "serve", "--config", config, "--stdio"];
  return {
    ...blank,
    entry: config,
    hosts: hostConfigs(blank.serverName, serve, blank.isHttp ? blank.url : undefined),
    packageJson: {
      ...rest,
      scripts: {
        ...packageJson.scripts,
        build: "tsc --noEmit",
        start: "mcpsmith serve",
        dev: "mcpsmith dev --http",
        doctor: "mcpsmith doctor",
        inspect: "mcpsmith inspect",
      },
      dependencies: { ...packageJson.dependencies, "@mcpsmith/cli": cli },
      devDependencies,
    },
  };
}
