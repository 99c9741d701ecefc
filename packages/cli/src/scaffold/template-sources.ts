import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { CodegenError } from "@mcpsmith/codegen";
import { CliError } from "../errors.js";

/**
 * What a template that generates the project reads (`--from`, or the answer to its question at a terminal). A
 * generator template adds its entry to TEMPLATE_SOURCES: the flag, the question and the check follow from it.
 */
export interface TemplateSource {
  /** What the input is, as the object of a sentence: "an OpenAPI or Swagger document". */
  what: string;
  /** The question asked at a terminal. */
  question: string;
  placeholder: string;
  /**
   * Why an answer cannot be used, checked on the spot before anything is written; undefined when it can. `dialect`
   * is `--dialect`, which says how a database template reads a .sql DDL file.
   */
  problem(answer: string, cwd: string, flags?: { dialect?: string | undefined }): Promise<string | undefined>;
  /**
   * What an answer leaves to ask when no flag says it (a .sql file's dialect), asked after the answer: `problem`
   * does not hold it missing then.
   */
  followUp?(answer: string): Promise<SourceFollowUp | undefined>;
}

/** A choice an answer needs besides itself. */
export interface SourceFollowUp {
  message: string;
  options: readonly string[];
}

export const TEMPLATE_SOURCES: Readonly<Record<string, TemplateSource>> = {
  openapi: {
    what: "an OpenAPI or Swagger document",
    question: "OpenAPI or Swagger document (a file, or an http(s) URL)",
    placeholder: "openapi.yaml",
    problem: (answer, cwd) => (isUrl(answer) ? urlProblem(answer) : openApiFileProblem(resolve(cwd, answer))),
  },
  database: {
    what: "a database (a postgres://, mysql:// or sqlite: address, a .sqlite/.db file, or a .sql file with --dialect)",
    question: "Database (postgres://..., mysql://..., an SQLite file, or a .sql DDL file)",
    placeholder: "chinook.sqlite",
    problem: (answer, cwd, flags) => databaseProblem(answer, cwd, flags?.dialect),
    followUp: async (answer) => {
      const { DIALECTS, isDdlFile } = await import("@mcpsmith/codegen/database");
      if (!isDdlFile(answer)) return undefined;
      return {
        message: `Dialect of ${answer} (the engine its statements are for)`,
        options: DIALECTS,
      };
    },
  },
};

export function sourceOf(template: string): TemplateSource | undefined {
  return Object.hasOwn(TEMPLATE_SOURCES, template) ? TEMPLATE_SOURCES[template] : undefined;
}

export function isUrl(text: string): boolean {
  return /^https?:\/\//i.test(text);
}

/** `--dialect` says how the database template reads its `--from` DDL file: no other template takes it. */
export function checkDialectOption(template: string, dialect: string | undefined): void {
  if (dialect === undefined || template === "database") return;
  throw new CliError("E_USAGE", `The ${template} template takes no --dialect: it names the dialect of a DDL file.`, {
    hint: "Use it with `--template database --from schema.sql`, or drop it.",
  });
}

/** Checks that `--from` is given exactly when the chosen template generates from an input. */
export function checkInputOption(template: string, from: string | undefined): void {
  const source = sourceOf(template);
  if (source !== undefined && from === undefined) {
    throw new CliError(
      "E_USAGE",
      `The ${template} template generates the project from ${source.what}; say which with --from.`,
      {
        hint: `For example \`mcpsmith new my-server --template ${template} --from <file>\`.`,
      },
    );
  }
  if (source === undefined && from !== undefined) {
    const takers = Object.keys(TEMPLATE_SOURCES);
    throw new CliError("E_USAGE", `The ${template} template starts from nothing, so it takes no --from.`, {
      hint: takers.length
        ? `Drop --from, or pick a template that generates from an input: ${takers.join(", ")}.`
        : "Drop --from: no template of this version generates from an input file yet.",
    });
  }
}

async function openApiFileProblem(path: string): Promise<string | undefined> {
  if (!existsSync(path)) return `There is no file at ${path}.`;
  if (statSync(path).isDirectory()) return `${path} is a folder; give the document inside it.`;
  const { loadOpenApi } = await import("@mcpsmith/codegen/openapi");
  try {
    await loadOpenApi(path);
    return undefined;
  } catch (error) {
    if (error instanceof CodegenError) return error.message;
    throw error;
  }
}

async function urlProblem(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    await response.body?.cancel();
    return response.ok ? undefined : `${url} answered HTTP ${response.status}.`;
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    return `${url} did not answer (${cause}).`;
  }
}

/**
 * The address must parse and a file source must exist; a server is connected to when the project is generated. A
 * .sql file without a dialect is checked as a file: its dialect is asked next (`followUp`), or required by --from.
 */
async function databaseProblem(answer: string, cwd: string, dialect?: string): Promise<string | undefined> {
  const { isDdlFile, parseDatabaseAddress } = await import("@mcpsmith/codegen/database");
  if (dialect === undefined && isDdlFile(answer)) {
    const path = resolve(cwd, answer);
    return existsSync(path) ? undefined : `There is no file at ${path}.`;
  }
  try {
    const address = parseDatabaseAddress(answer, dialect);
    if (address.kind !== "server" && !existsSync(resolve(cwd, address.path))) {
      return `There is no file at ${resolve(cwd, address.path)}.`;
    }
    return undefined;
  } catch (error) {
    if (error instanceof CodegenError) return error.message;
    throw error;
  }
}
