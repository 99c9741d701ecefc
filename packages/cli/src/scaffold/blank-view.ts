import { PROJECT_VERSIONS, projectPackageJson } from "@mcpsmith/codegen";
import { classNameFor, unscoped, uriSchemeFor } from "./names.js";
import {
  execPrefix,
  localDependency,
  localOverrides,
  overrideField,
  type PackageManager,
  runScript,
} from "./package-manager.js";

export interface ProjectOptions {
  /** Absolute path of the folder the project will live in. */
  dir: string;
  packageName: string;
  transport: "stdio" | "http";
  pm: PackageManager;
  /** Version range of our packages when they come from the registry. */
  mcpsmithVersion: string;
  /** This repository's root, when the project should link our packages from it (`--local`). */
  localWorkspace?: string;
}

/** Everything templates/blank reads. Templates only place these values; every decision is made here. */
export interface BlankView {
  packageName: string;
  serverName: string;
  className: string;
  uriScheme: string;
  transport: "stdio" | "http";
  isHttp: boolean;
  /** The local endpoint of the HTTP variant. */
  url: string;
  packageJson: Record<string, unknown>;
  commands: {
    install: string;
    build: string;
    test: string;
    dev: string;
    start: string;
    typecheck: string;
    inspect: string;
  };
  /** `npx mcpsmith`, `pnpm exec mcpsmith` ...: the project's own CLI, with `--url` for the HTTP variant. */
  cli: string;
  /** What follows a CLI command to reach this server: nothing in the project folder for stdio, `--url` for HTTP. */
  cliTarget: string;
  /** Ready-made host configuration entries, placed in the README as JSON. */
  hosts: { claudeDesktop: unknown; cursor: unknown; vscode: unknown; claudeCode: string };
  entry: string;
  local: boolean;
}

export function blankView(options: ProjectOptions): BlankView {
  const serverName = unscoped(options.packageName);
  const entry = `${options.dir}/dist/main.js`;
  const url = "http://127.0.0.1:3000/mcp";
  const isHttp = options.transport === "http";
  const run = (script: string) => runScript(options.pm, script);
  return {
    packageName: options.packageName,
    serverName,
    className: classNameFor(options.packageName),
    uriScheme: uriSchemeFor(options.packageName),
    transport: options.transport,
    isHttp,
    url,
    packageJson: packageJson(options),
    commands: {
      install: `${options.pm} install`,
      build: run("build"),
      test: run("test"),
      dev: run("dev"),
      start: run("start"),
      typecheck: run("typecheck"),
      inspect: run("inspect"),
    },
    cli: `${execPrefix(options.pm)} mcpsmith`,
    cliTarget: isHttp ? ` --url ${url}` : "",
    hosts: hostConfigs(serverName, entry, isHttp ? url : undefined),
    entry,
    local: options.localWorkspace !== undefined,
  };
}

function packageJson(options: ProjectOptions): Record<string, unknown> {
  const ours = (name: "runtime" | "cli") =>
    options.localWorkspace === undefined
      ? options.mcpsmithVersion
      : localDependency(options.pm, `${options.localWorkspace}/packages/${name}`);
  return projectPackageJson({
    name: options.packageName,
    description: `An MCP server (${options.transport}) built with mcpsmith.`,
    versions: { ...PROJECT_VERSIONS, runtime: ours("runtime"), cli: ours("cli") },
    scripts: {
      // tsc --watch and a restart on every clean build, serving HTTP on 127.0.0.1:3000 for list/call/the Inspector.
      dev: "mcpsmith dev --http",
      // The official MCP Inspector: on the built server over stdio, or on the running HTTP server.
      inspect: options.transport === "http" ? "mcpsmith inspect --url http://127.0.0.1:3000/mcp" : "mcpsmith inspect",
    },
    dependencies: { zod: PROJECT_VERSIONS.zod },
    overrideFields: overrideField(options.pm, {
      vite: PROJECT_VERSIONS.vite,
      ...(options.localWorkspace !== undefined && localOverrides(options.pm, options.localWorkspace)),
    }),
  });
}

/** What hosts run: `node <entry>` (a built server), or `node` with more arguments (`<cli> serve --config FILE`). */
export function hostConfigs(
  name: string,
  entry: string | readonly string[],
  url: string | undefined,
): BlankView["hosts"] {
  const args = typeof entry === "string" ? [entry] : [...entry];
  const stdio = { command: "node", args };
  return {
    // Claude Desktop's config file starts local servers over stdio; the HTTP variant switches with an env var.
    claudeDesktop: { mcpServers: { [name]: url ? { ...stdio, env: { MCPSMITH_TRANSPORT: "stdio" } } : stdio } },
    cursor: { mcpServers: { [name]: url ? { url } : stdio } },
    vscode: { servers: { [name]: url ? { type: "http", url } : { type: "stdio", ...stdio } } },
    claudeCode: url
      ? `claude mcp add --transport http ${name} ${url}`
      : `claude mcp add ${name} -- node ${args.map(shellQuote).join(" ")}`,
  };
}

function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
