import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CodegenError, templatesRoot as codegenTemplatesRoot } from "@mcpsmith/codegen";
import { CliError } from "../errors.js";

/** Project templates `mcpsmith new --template` knows; each has a folder under templates/ and a view builder. */
export const PROJECT_TEMPLATES = {
  blank: "A decorated server with one tool, one resource and one prompt, with tests",
  typescript: "Plain functions tagged @tool in JSDoc; `mcpsmith generate ts` derives the server and schemas from types",
  openapi: "A tool per operation of an OpenAPI or Swagger document (--from FILE), with tests against a mock of the API",
  database: "list_/get_ tools per table of a database (--from postgres://..., mysql://... or FILE.sqlite), with tests",
  gateway:
    "One server over several sources (an OpenAPI document, annotated functions, decorated classes, a database), from mcpsmith.config.ts",
} as const;
export type TemplateName = keyof typeof PROJECT_TEMPLATES;

export function checkTemplateName(name: string): TemplateName {
  if (Object.hasOwn(PROJECT_TEMPLATES, name)) return name as TemplateName;
  const available = Object.entries(PROJECT_TEMPLATES)
    .map(([known, description]) => `  ${known}  ${description}`)
    .join("\n");
  throw new CliError("E_TEMPLATE_UNKNOWN", `There is no template "${name}". Available templates:\n${available}`, {
    hint: "Pick one with --template, e.g. `mcpsmith new my-server --template blank`.",
  });
}

/** The folder holding the templates (codegen's, which carries `mcpsmith new`'s project skeletons too). */
export function templatesRoot(): string {
  try {
    return codegenTemplatesRoot();
  } catch (error) {
    if (!(error instanceof CodegenError)) throw error;
    throw new CliError("E_TEMPLATE_MISSING", "The project templates are missing from this mcpsmith installation.", {
      hint: "Reinstall @mcpsmith/cli; from a checkout, run `pnpm build` at the repository root.",
      cause: error,
    });
  }
}

/** This repository's root when the CLI runs from a checkout (for `--local`), else undefined. */
export function workspaceRoot(): string | undefined {
  const root = fileURLToPath(new URL("../../../../", import.meta.url));
  return existsSync(`${root}packages/runtime/package.json`) && existsSync(`${root}pnpm-workspace.yaml`)
    ? root.replace(/\/$/, "")
    : undefined;
}
