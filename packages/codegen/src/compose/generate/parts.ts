/**
 * Each source of a config as a part of the composed project, written by that source's own emitter (never a copy of
 * it): an OpenAPI document's and a database's generated files under `src/generated/<key>/` (`generatedPart`), annotated
 * TypeScript's server module there, a module imported where it is. Each part says how the composed index reaches its
 * model, and what it needs around it (a driver, environment variables).
 */
import { join, relative, resolve, sep } from "node:path";
import { printLiteral, printString } from "../../emit/core/literal.js";
import type { DependencyFields, ProjectVersions } from "../../emit/core/package-json.js";
import { type EnvVariable, GENERATED_DIR, generatedPart } from "../../emit/core/project.js";
import { emitDatabaseProject } from "../../emit/database/project.js";
import { emitOpenApiProject } from "../../emit/openapi/project.js";
import { emitTypeScriptServer } from "../../emit/typescript/emit-server.js";
import { importPath } from "../../emit/typescript/server-view.js";
import { databaseServerDefinition } from "../../serve/database-identity.js";
import { openApiServerDefinition } from "../../serve/openapi-identity.js";
import type {
  DatabaseSourceConfig,
  McpSourceConfig,
  ModuleSourceConfig,
  OpenApiSourceConfig,
} from "../config/types.js";
import type { LoadedEntry } from "../load-sources.js";

export interface ProjectPart extends DependencyFields {
  /** Path (relative to the project) -> content. */
  generated: Map<string, string>;
  variables: EnvVariable[];
  /** The import the composed index needs (`import * as pets from "./pets/index.js";`). */
  imports: string[];
  /** The body of the function that builds the source's model (`return pets.createServer({...});`). */
  build: string;
  /** Whether the composed index holds an executor to close for it. */
  closes: boolean;
  /** A remote MCP server, connected when the server starts (its lists may change while it serves). */
  remote?: boolean;
}

export interface PartContext {
  /** The composed project's folder. */
  out: string;
  /** The identifier the index imports the part as. */
  name: string;
  versions: ProjectVersions;
  /** The command that regenerates the project, for headers. */
  regenerate: string;
  /** How the project names the config, for headers (`mcpsmith.config.ts`). */
  configName: string;
  /** The config's folder: a remote's `cwd` is relative to it. */
  configDir: string;
}

const INDEX = join(GENERATED_DIR, "index.ts");

export function projectPart(entry: LoadedEntry, context: PartContext): ProjectPart {
  const { key, source } = entry;
  const ir = source.ir;
  if (ir.kind === "openapi") {
    const config = entry.config as OpenApiSourceConfig;
    const project = emitOpenApiProject(ir.ir, {
      spec: portable(relative(context.out, ir.spec)),
      mode: "tools",
      serverInfo: openApiServerDefinition(ir.ir),
      versions: context.versions,
    });
    const executor = {
      ...(config.baseUrl !== undefined && { baseUrl: config.baseUrl }),
      ...(config.serverVariables !== undefined && { serverVariables: config.serverVariables }),
      ...(config.timeout !== undefined && { timeoutMs: config.timeout }),
      ...(config.forwardCredentials !== undefined && {
        forwardCredentials: {
          schemes: config.forwardCredentials,
          fallbackToEnv: config.forwardCredentialsFallback === true,
        },
      }),
    };
    return {
      generated: generatedPart(project, key),
      ...project.needs,
      imports: [`import * as ${context.name} from "./${key}/index.js";`],
      build: `return ${context.name}.createServer(${printLiteral({ mode: "tools", executor }, { indent: "    " })});`,
      closes: false,
    };
  }
  if (ir.kind === "database") {
    const config = entry.config as DatabaseSourceConfig;
    const info = databaseServerDefinition(ir.ir);
    const file = /^[a-z][a-z0-9+.-]*:\/\//i.test(ir.connection) ? undefined : ir.connection.replace(/^sqlite:/i, "");
    const project = emitDatabaseProject(ir.ir, {
      source: file === undefined ? "a database" : portable(relative(context.out, file)),
      serverInfo: { name: info.name, version: info.version, title: info.title ?? info.name },
      versions: context.versions,
      exampleConnection: file === undefined ? "" : `sqlite:${portable(relative(context.out, file))}`,
      mode: "tools",
    });
    const options = config.timeout === undefined ? "" : printLiteral({ timeoutMs: config.timeout });
    return {
      generated: generatedPart(project, key),
      ...project.needs,
      imports: [`import * as ${context.name} from "./${key}/index.js";`],
      build: [
        `const executor = ${context.name}.createExecutor(${options});`,
        "    closers.push(() => executor.close());",
        `    return ${context.name}.createServer({ executor });`,
      ].join("\n"),
      closes: true,
    };
  }
  if (ir.kind === "typescript") {
    const outFile = join(context.out, GENERATED_DIR, key, "server.ts");
    const files = emitTypeScriptServer(ir.ir, {
      outFile,
      serverName: key,
      serverVersion: "0.0.0",
      transport: "stdio",
      source: `${context.configName} (source "${key}")`,
      regenerate: context.regenerate,
    });
    return {
      generated: new Map([[portable(relative(context.out, outFile)), files.get(outFile)!]]),
      variables: [],
      imports: [`import { app as ${context.name} } from "./${key}/server.js";`],
      build: `return ${context.name}.build();`,
      closes: false,
    };
  }
  if (ir.kind === "mcp") return remotePart(key, entry.config as McpSourceConfig, context);
  const config = entry.config as ModuleSourceConfig;
  const module = ir.path;
  const where = portable(relative(context.out, module));
  const exported = config.export === undefined ? "" : `, ${JSON.stringify(config.export)}`;
  return {
    generated: new Map(),
    variables: [],
    imports: [`import * as ${context.name} from "${importPath(join(context.out, INDEX), module)}";`],
    build: `return modelOfModule(${context.name}, ${JSON.stringify(where)}${exported});`,
    closes: false,
  };
}

/**
 * A remote MCP server: connected when the project's server starts, with the runtime's remote source, as `mcpsmith
 * serve` connects it. The config's `{ env }` values stay references, read from the environment at start-up (never
 * their values written into the project); a stdio remote's folder is kept relative to the project's.
 */
function remotePart(key: string, config: McpSourceConfig, context: PartContext): ProjectPart {
  const remote = config.mcp;
  const cwd =
    "url" in remote ? undefined : portable(relative(context.out, resolve(context.configDir, remote.cwd ?? ".")));
  const configured = "url" in remote ? remote : { ...remote, cwd: cwd === "" ? "." : cwd };
  const values = "url" in remote ? { header: remote.headers } : { variable: remote.env };
  const variables: EnvVariable[] = Object.entries(values).flatMap(([what, given]) =>
    Object.entries(given ?? {}).flatMap(([name, value]) =>
      typeof value === "string"
        ? []
        : [{ name: value.env, description: `The ${what} ${name} of the remote MCP server "${key}".`, value: "" }],
    ),
  );
  return {
    generated: new Map(),
    variables,
    imports: [],
    build: [
      `const configured = ${printLiteral(configured, { indent: "      ", prefix: "      const configured = ", suffix: ";" })}`,
      "      const remote = await openRemoteSource({",
      `        key: ${printString(key)},`,
      "        target: remoteTarget(configured, { env, dir: PROJECT_DIR }),",
      ...(config.timeout === undefined ? [] : [`        timeout: ${config.timeout},`]),
      "      });",
      "      closers.push(() => remote.close());",
      "      remotes.push(remote);",
      "      return remote.model;",
    ].join("\n"),
    closes: true,
    remote: true,
  };
}

/** Forward slashes in written paths, so a project generated on Windows reads the same. */
export function portable(path: string): string {
  return path.split(sep).join("/");
}
