import { CliError } from "../errors.js";

/**
 * Templates that generate the project from an input file given with `--from` (an OpenAPI spec, a database URL
 * ...), with what that input is. Generator templates add themselves here when they land; every template today
 * starts from nothing, so `--from` is refused for each of them with a message that says so.
 */
export const TEMPLATES_WITH_INPUT: Readonly<Record<string, string>> = {
  openapi: "an OpenAPI or Swagger document",
};

/** Checks that `--from` is given exactly when the chosen template generates from an input. */
export function checkInputOption(template: string, from: string | undefined): void {
  const input = TEMPLATES_WITH_INPUT[template];
  if (input !== undefined && from === undefined) {
    throw new CliError(
      "E_USAGE",
      `The ${template} template generates the project from ${input}; say which with --from.`,
      {
        hint: `For example \`mcpsmith new my-server --template ${template} --from <file>\`.`,
      },
    );
  }
  if (input === undefined && from !== undefined) {
    const takers = Object.keys(TEMPLATES_WITH_INPUT);
    throw new CliError("E_USAGE", `The ${template} template starts from nothing, so it takes no --from.`, {
      hint: takers.length
        ? `Drop --from, or pick a template that generates from an input: ${takers.join(", ")}.`
        : "Drop --from: no template of this version generates from an input file yet.",
    });
  }
}
