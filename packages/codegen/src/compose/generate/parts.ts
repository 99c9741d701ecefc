/**
 * Each source of a config as a part of the composed project, written by that source's own emitter (never a copy of
 * it): an OpenAPI document's and a database's generated files under `src/generated/<key>/` (`generatedPart`), annotated
 * TypeScript's server module there, a module imported where it is. Each part says how the composed index reaches its
 * model, and what it needs around it (a driver, environment variables).
 */
import { join, relative, sep } from "node:path";
import { printLiteral } from "../../emit/core/literal.js";
import type { DependencyFields, ProjectVersions } from "../../emit/core/package-json.js";
import { type EnvVariable, GENERATED_DIR, generatedPart } from "../../emit/core/project.js";
import { emitDatabaseProject } from "../../emit/database/project.js";
import { emitOpenApiProject } from "../../emit/openapi/project.js";
import { emitTypeScriptServer } from "../../emit/typescript/emit-server.js";
import { importPath } from "../../emit/typescript/server-view.js";
import { databaseServerDefinition } from "../../serve/database-identity.js";
import { openApiServerDefinition } from "../../serve/openapi-identity.js";
import type { DatabaseSourceConfig, ModuleSourceConfig, OpenApiSourceConfig } from "../config/types.js";
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
  if (ir.kind === "mcp") throw new Error(`source "${key}": a remote is not written into a project (refused before)`);
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

/** Forward slashes in written paths, so a project generated on Windows reads the same. */
export function portable(path: string): string {
  return path.split(sep).join("/");
}
