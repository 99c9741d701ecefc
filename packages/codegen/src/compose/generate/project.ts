/**
 * `mcpsmith generate --config`: one editable project serving what `mcpsmith serve` serves from the same config. The
 * sources are read and planned as serving reads and plans them (load-sources.ts), the plan is checked whole by the
 * runtime (names, conflicts, bound arguments) before anything is written, each source's code is written by its own
 * emitter (parts.ts), and `src/generated/index.ts` composes them with the same runtime composition at start-up.
 */
import { relative, resolve, sep } from "node:path";
import { composeServer } from "@mcpsmith/runtime/compose";
import { listedTools } from "@mcpsmith/runtime/internal";
import { estimateToolListTokens } from "../../budget/tokens.js";
import { printStatement } from "../../emit/core/fields.js";
import { IdentifierPool } from "../../emit/core/identifiers.js";
import { printString } from "../../emit/core/literal.js";
import { generatedPackageJson, type ProjectVersions } from "../../emit/core/package-json.js";
import {
  type EmittedProject,
  GENERATED_DIR,
  GENERATED_MARK,
  scaffoldFiles,
  serverInfoStatement,
} from "../../emit/core/project.js";
import { renderCodeTemplate } from "../../emit/core/templates.js";
import { type WriteResult, writeProject } from "../../emit/core/write-project.js";
import { CodegenError } from "../../errors.js";
import { DEFAULT_DISCOVERY_THRESHOLD } from "../../ir/listing-modes.js";
import { configFailureOf, servedModel } from "../compose.js";
import type { ConfigFile } from "../config/read.js";
import { configServerInfo, type LoadedEntry, loadConfigSources, plannedSources } from "../load-sources.js";
import { type ProjectPart, portable, projectPart } from "./parts.js";

export interface GenerateConfigOptions {
  read: ConfigFile;
  /** The project folder (absolute, or relative to `cwd`); default: the config's own folder. */
  out?: string;
  cwd: string;
  versions: ProjectVersions;
  /** Generate into a folder that is not such a project (its files are kept); implied for the config's own folder. */
  force: boolean;
  env?: Readonly<Record<string, string | undefined>>;
  warn?: (message: string) => void;
}

export interface GenerateConfigResult extends WriteResult {
  out: string;
  /** Tools of the whole catalogue, resources and prompts, as served. */
  tools: number;
  /** Estimated tokens of the `tools/list` clients receive, in the config's mode. */
  toolListTokens: number;
  resources: number;
  prompts: number;
}

export async function generateConfigProject(options: GenerateConfigOptions): Promise<GenerateConfigResult> {
  const { read } = options;
  const out = resolve(options.cwd, options.out ?? read.dir);
  const warn = options.warn ?? (() => {});
  const { loaded, close } = await loadConfigSources(read, options.env ?? process.env, warn);
  try {
    const planned = plannedSources(read, loaded, warn);
    const info = configServerInfo(read);
    let server: ReturnType<typeof composeServer>;
    try {
      server = composeServer(planned, { info, planOnly: true });
    } catch (error) {
      throw configFailureOf(error, read.file);
    }
    checkInsideProject(loaded, out, read.file);
    const configName = portable(relative(out, read.file));
    const regenerate = `mcpsmith generate --config ${configName}`;
    const pool = new IdentifierPool(["closers", "executor"]);
    const parts = loaded.map((entry) => ({
      entry,
      part: projectPart(entry, {
        out,
        name: pool.claim(entry.key),
        versions: options.versions,
        regenerate,
        configName,
        configDir: read.dir,
      }),
    }));
    const plans = planned.map(({ model: _model, ...plan }, index) => {
      const { config: source, source: loadedSource } = loaded[index]!;
      if (loadedSource.onChange === undefined) return plan;
      // Its tools come and go while it serves: the project plans them from the transforms each time it is listed.
      const { maxNameLength } = read.config;
      return {
        key: plan.key,
        prefix: plan.prefix,
        transforms: source.tools ?? {},
        ...(maxNameLength !== undefined && { maxNameLength }),
      };
    });
    const project = composedProject(read, configName, parts, plans, options.versions, info.name);
    const entry = { kind: "config", inputs: [configName], options: { out: "." } };
    const force = options.force || out === read.dir;
    const written = writeProject(out, project, { entry, source: "a configuration", force });
    const { model } = server;
    const served = await servedModel(server, {
      mode: read.config.mode ?? "auto",
      threshold: read.config.threshold ?? DEFAULT_DISCOVERY_THRESHOLD,
      subject: `the ${info.name} server`,
    });
    return {
      ...written,
      out,
      toolListTokens: estimateToolListTokens(listedTools(served.model)),
      tools: model.tools.length,
      resources: model.resources.length + model.resourceTemplates.length,
      prompts: model.prompts.length,
    };
  } finally {
    await close();
  }
}

/** The project's `src/` must hold the modules it imports (annotated TypeScript, modules): tsc compiles `src/` alone. */
function checkInsideProject(loaded: readonly LoadedEntry[], out: string, file: string): void {
  const src = resolve(out, "src");
  for (const { key, source } of loaded) {
    const ir = source.ir;
    const paths =
      ir.kind === "module"
        ? [ir.path]
        : ir.kind === "typescript"
          ? [...ir.ir.tools, ...ir.ir.resources, ...ir.ir.prompts].map((item) => item.binding.module)
          : [];
    const outside = paths.find((path) => relative(src, path).startsWith(`..${sep}`) || relative(src, path) === "..");
    if (outside !== undefined) {
      throw new CodegenError(
        "E_CONFIG_INVALID",
        `${file}: sources.${key}: ${outside} is outside ${src}; the generated project compiles src/ alone, so its modules must be there (or choose --out).`,
      );
    }
  }
}

function composedProject(
  read: ConfigFile,
  configName: string,
  parts: { entry: LoadedEntry; part: ProjectPart }[],
  plans: unknown[],
  versions: ProjectVersions,
  name: string,
): EmittedProject {
  const { config } = read;
  const header = [
    `${GENERATED_MARK} from ${configName}.`,
    `// Do not edit: \`mcpsmith generate\` overwrites this folder. Change ${configName} (or a source) instead.`,
  ].join("\n");
  const generated = new Map<string, string>();
  for (const { part } of parts) for (const [path, content] of part.generated) generated.set(path, content);
  generated.set(
    `${GENERATED_DIR}/index.ts`,
    renderCodeTemplate("compose/src/generated/index.ts.hbs", {
      header,
      imports: parts.flatMap(({ part }) => part.imports).sort(),
      serverInfo: serverInfoStatement(configServerInfo(read)),
      instructions:
        config.instructions === undefined
          ? "const INSTRUCTIONS: string | undefined = undefined;"
          : printStatement("const INSTRUCTIONS: string | undefined = ", config.instructions, ";"),
      defaultMode: printString(config.mode ?? "auto"),
      threshold: String(config.threshold ?? DEFAULT_DISCOVERY_THRESHOLD),
      subject: printString(`the ${name} server`),
      plans: printStatement("const PLANS: SourcePlan[] = ", plans, ";", { expand: true }),
      remotes: parts.some(({ part }) => part.remote === true),
      sources: parts.map(({ entry, part }) => ({
        key: printString(entry.key),
        optional: String(entry.config.optional === true),
        build: part.build,
      })),
    }),
  );
  const dependencies = Object.assign({}, ...parts.map(({ part }) => part.dependencies));
  const optionalDependencies = Object.assign({}, ...parts.map(({ part }) => part.optionalDependencies));
  const variables = parts.flatMap(({ part }) => part.variables);
  const scaffold = scaffoldFiles("compose", {
    packageJson: generatedPackageJson({
      name,
      description: `An MCP server composed from ${configName}.`,
      versions,
      dependencies,
    }),
    env: { variables, secret: "", forwardable: "" },
    readme: {
      name,
      config: configName,
      sourceCount: parts.length,
      sources: parts.map(({ entry }) => ({ key: entry.key, kind: entry.kind, tools: entry.source.model.tools.length })),
    },
    main: {},
  });
  return { generated, scaffold, needs: { dependencies, optionalDependencies, variables } };
}
