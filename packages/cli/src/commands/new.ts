import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { CommandDefinition, ParsedArgs } from "../args/command.js";
import { booleanOption, choiceOption, stringOption } from "../args/parse.js";
import { CliError } from "../errors.js";
import { DATABASE_SOURCE_FLAGS } from "../flags/database-flags.js";
import { styleFor } from "../format/style.js";
import type { Io } from "../io.js";
import { askNewProject, canPrompt, type NewProjectAnswers, PromptCancelled, withSpinner } from "../prompts.js";
import { blankView } from "../scaffold/blank-view.js";
import { scaffoldDatabaseProject } from "../scaffold/database-project.js";
import { gatewayView } from "../scaffold/gateway-view.js";
import { packageNameFor } from "../scaffold/names.js";
import { scaffoldOpenApiProject } from "../scaffold/openapi-project.js";
import {
  detectPackageManager,
  installCommand,
  PACKAGE_MANAGERS,
  type PackageManager,
} from "../scaffold/package-manager.js";
import { renderTemplate } from "../scaffold/render.js";
import { run } from "../scaffold/run.js";
import { applyRuntime, checkRuntime, RUNTIMES } from "../scaffold/runtimes.js";
import { checkDialectOption, checkInputOption, sourceOf } from "../scaffold/template-sources.js";
import { checkTemplateName, PROJECT_TEMPLATES, templatesRoot, workspaceRoot } from "../scaffold/templates.js";
import { typescriptView } from "../scaffold/typescript-view.js";
import { checkTargetFolder, writeProject } from "../scaffold/write.js";
import { cliVersion } from "../version.js";

const DEFAULT_DIR = "my-mcp-server";

export const command: CommandDefinition = {
  usage: ["new [dir] [options]"],
  details: [
    "Writes a ready-to-run TypeScript project (server, tests, README with host setup), then installs its",
    "dependencies and runs `git init`. At a terminal it asks for whatever the flags did not say (folder, template,",
    "the template's input, transport, package manager, git, install); an input is checked at once and asked for",
    "again until it can be used. Ctrl-C cancels and writes nothing. Without a terminal, or with",
    "--yes, it never prompts: unset choices take their defaults and a missing folder is an error naming --yes.",
    "Files are written to a temporary folder and moved into place, so a failure leaves nothing behind.",
    `Templates: ${Object.entries(PROJECT_TEMPLATES)
      .map(([name, description]) => `${name} (${description})`)
      .join("; ")}.`,
  ].join("\n"),
  options: {
    template: { type: "string", short: "t", value: "NAME", description: "Project template (default blank)" },
    transport: {
      type: "string",
      value: "KIND",
      description: "stdio (default; hosts start it) or http (a local server)",
    },
    runtime: {
      type: "string",
      value: "NAME",
      description:
        "node (default), or workers, bun or deno: a web-standard entry over HTTP (wrangler.toml for Workers)",
    },
    pm: {
      type: "string",
      value: "NAME",
      description: "npm, pnpm, yarn or bun (default: the one running this, else npm)",
    },
    name: { type: "string", value: "NAME", description: "Package name (default: from the folder name)" },
    install: { type: "boolean", negatable: true, description: "Do not install dependencies" },
    git: { type: "boolean", negatable: true, description: "Do not run `git init`" },
    yes: {
      type: "boolean",
      short: "y",
      description: `Accept defaults for anything not given (folder ./${DEFAULT_DIR})`,
    },
    from: {
      type: "string",
      value: "FILE",
      description:
        "The input of a template that generates the project: for openapi, a document (file or http(s) URL); for database, a database",
    },
    // The database template reads a .sql DDL file in the dialect it names, as `generate db` and `serve db` do.
    dialect: DATABASE_SOURCE_FLAGS.dialect!,
    local: {
      type: "boolean",
      description: "Link this mcpsmith checkout's packages instead of registry versions (offline; for contributors)",
    },
  },
  examples: [
    "# at a terminal: asks for the folder, template, transport, package manager, git and install",
    "mcpsmith new",
    "mcpsmith new weather-server",
    "mcpsmith new weather-server --transport http --pm pnpm",
    "mcpsmith new --yes --no-install --no-git",
    "# from a clone of mcpsmith: a project using this checkout's packages",
    "mcpsmith new /tmp/try-it --local --pm pnpm",
    "# a Cloudflare Worker (wrangler.toml, `wrangler dev`), or a server for Bun or Deno",
    "mcpsmith new edge-server --runtime workers",
    "mcpsmith new petstore-worker --template openapi --from petstore.yaml --runtime workers",
    "# a project whose tools read the database a DDL file describes",
    "mcpsmith new shop-server --template database --from schema.sql --dialect postgres",
    "# one server over an OpenAPI document, annotated functions and decorated classes (mcpsmith.config.ts)",
    "mcpsmith new acme-gateway --template gateway",
  ],
  run: (args, io) => create(args, io),
};

async function create(args: ParsedArgs, io: Io): Promise<number> {
  if (args.positionals.length > 1) {
    throw new CliError("E_USAGE", `new takes one folder, got: ${args.positionals.join(" ")}`, {
      hint: "Quote a folder name that has spaces.",
    });
  }
  const yes = booleanOption(args, "yes", false);
  const dialect = stringOption(args, "dialect");
  const known = {
    dir: args.positionals[0] ?? (yes ? DEFAULT_DIR : undefined),
    template: stringOption(args, "template"),
    from: stringOption(args, "from"),
    dialect,
    transport: stringOption(args, "transport") === undefined ? undefined : transportOf(args),
    pm: stringOption(args, "pm") === undefined ? undefined : pmOf(args, io),
    git: typeof args.values.git === "boolean" || yes ? booleanOption(args, "git", true) : undefined,
    install: typeof args.values.install === "boolean" || yes ? booleanOption(args, "install", true) : undefined,
  };
  if (known.template !== undefined) checkTemplateName(known.template);
  if (known.template !== undefined) checkDialectOption(known.template, dialect);
  const defaults: NewProjectAnswers = {
    dir: DEFAULT_DIR,
    template: "blank",
    transport: transportOf(args),
    pm: pmOf(args, io),
    git: true,
    install: true,
  };
  const explicitName = stringOption(args, "name");
  let answers: Partial<typeof defaults> = known;
  if (!yes && canPrompt(io)) {
    try {
      answers = await askNewProject({
        known: withoutUndefined(known),
        defaults,
        templates: Object.entries(PROJECT_TEMPLATES).map(([value, hint]) => ({ value, label: value, hint })),
        packageManagers: PACKAGE_MANAGERS,
        validateDir: (value) => folderProblem(resolve(io.cwd, value), explicitName),
        sourceQuestion: (template) => {
          const source = sourceOf(template);
          return (
            source && {
              message: source.question,
              placeholder: source.placeholder,
              problem: (value, asked) => source.problem(value, io.cwd, { dialect: asked }),
              dialectQuestion: async (value) => source.followUp?.(value),
            }
          );
        },
      });
    } catch (error) {
      if (error instanceof PromptCancelled) return 1;
      throw error;
    }
  }
  if (answers.dir === undefined) {
    throw new CliError("E_USAGE", "Say where to create the project.", {
      hint: `For example \`mcpsmith new my-server\`, or add --yes to use ./${DEFAULT_DIR}.`,
    });
  }
  const template = checkTemplateName(answers.template ?? defaults.template);
  const from = answers.from;
  checkInputOption(template, from);
  const chosenDialect = answers.dialect ?? dialect;
  checkDialectOption(template, chosenDialect);
  const runtime = choiceOption(args, "runtime", RUNTIMES, "node", "new");
  checkRuntime(
    runtime,
    template,
    { value: answers.transport ?? defaults.transport, explicit: known.transport !== undefined },
    from,
  );
  // The web-standard runtimes serve HTTP only.
  const transport = runtime === "node" ? (answers.transport ?? defaults.transport) : "http";
  const pm = (answers.pm ?? defaults.pm) as PackageManager;
  const localWorkspace = booleanOption(args, "local", false) ? checkedWorkspace() : undefined;
  const dir = resolve(io.cwd, answers.dir);
  const packageName = packageNameFor(dir, explicitName);
  await checkTargetFolder(dir);

  const view = (template === "typescript" ? typescriptView : template === "gateway" ? gatewayView : blankView)({
    dir,
    packageName,
    transport,
    pm,
    mcpsmithVersion: `^${cliVersion()}`,
    ...(localWorkspace !== undefined && { localWorkspace }),
  });
  const written =
    template === "openapi" && from !== undefined
      ? await scaffoldOpenApiProject(dir, from, io.cwd, view)
      : template === "database" && from !== undefined
        ? await scaffoldDatabaseProject(dir, from, io.cwd, view, chosenDialect)
        : await writeTemplate(join(templatesRoot(), template), dir, view);
  const fileCount =
    written +
    (await applyRuntime(dir, runtime, {
      serverName: view.serverName,
      className: view.className,
      openapi: template === "openapi",
      pm,
    }));

  const style = styleFor(io.stdout, io.env);
  io.stdout.write(
    `${style.green("Created")} ${packageName} in ${dir} (${template}, ${runtime === "node" ? transport : runtime}, ${fileCount} files)\n`,
  );

  if (answers.git ?? defaults.git) {
    const git = await run("git", ["init", "-q"], { cwd: dir, env: io.env });
    if (git.code !== 0)
      io.stderr.write(`warning: git init did not run (${git.error?.message ?? git.output.trim()}); continuing.\n`);
  }
  const install = answers.install ?? defaults.install;
  if (install) {
    const [program, ...programArgs] = installCommand(pm, localWorkspace !== undefined);
    const result = await withSpinner(
      io,
      `Installing dependencies: ${[program, ...programArgs].join(" ")}`,
      () => run(program, programArgs, { cwd: dir, env: io.env }),
      { done: (outcome) => (outcome.code === 0 ? "Dependencies installed" : "Installing failed") },
    );
    if (result.code !== 0) {
      const why = result.error ? `${program} could not be started (${result.error.message})` : result.output.trim();
      throw new CliError("E_INSTALL_FAILED", `Installing failed; the project itself is in ${dir}.\n${why}`, {
        hint: `Fix the cause, then run \`${view.commands.install}\` in ${dir}.`,
      });
    }
  }

  const where = relative(io.cwd, dir) || ".";
  const steps = [
    where === "." ? undefined : `cd ${where.includes(" ") ? JSON.stringify(where) : where}`,
    install ? undefined : view.commands.install,
    view.commands.build,
    view.commands.test,
    view.commands.start,
  ].filter((step): step is string => step !== undefined);
  io.stdout.write(`\nNext:\n${steps.map((step) => `  ${step}`).join("\n")}\n`);
  io.stdout.write("README.md shows how to connect it to Claude Desktop, Cursor, VS Code and Claude Code.\n");
  return 0;
}

/** Renders a project template into `dir`; returns the number of files. */
async function writeTemplate(templateDir: string, dir: string, view: object): Promise<number> {
  const files = renderTemplate(templateDir, view);
  await writeProject(dir, files);
  return files.size;
}

function transportOf(args: ParsedArgs): "stdio" | "http" {
  return choiceOption(args, "transport", ["stdio", "http"] as const, "stdio", "new");
}

function pmOf(args: ParsedArgs, io: Io): PackageManager {
  return choiceOption(args, "pm", PACKAGE_MANAGERS, detectPackageManager(io.env), "new");
}

function withoutUndefined<T extends object>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Why a folder answer cannot be used, checked while the person is still answering. */
function folderProblem(dir: string, explicitName: string | undefined): string | undefined {
  try {
    packageNameFor(dir, explicitName);
  } catch (error) {
    return (error as Error).message;
  }
  if (existsSync(dir) && (!statSync(dir).isDirectory() || readdirSync(dir).length > 0)) {
    return `${dir} exists and is not an empty folder; choose another name.`;
  }
  return undefined;
}

function checkedWorkspace(): string {
  const root = workspaceRoot();
  if (root === undefined) {
    throw new CliError(
      "E_USAGE",
      "--local links the packages of an mcpsmith checkout, and this CLI is not running from one.",
      {
        hint: "Drop --local to use the published packages, or run the CLI from a clone (node packages/cli/dist/bin.js).",
      },
    );
  }
  if (!existsSync(join(root, "packages/runtime/dist/index.js"))) {
    throw new CliError("E_USAGE", `The checkout at ${root} is not built, so its packages cannot be linked yet.`, {
      hint: `Run \`pnpm install && pnpm build\` in ${root} first.`,
    });
  }
  return root;
}
