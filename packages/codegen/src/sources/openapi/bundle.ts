/**
 * Multi-file specs: swagger-parser's bundler pulls the referenced local files into the root document (as
 * internal refs), with the HTTP resolver replaced by one that refuses, so a network `$ref` is an error naming it.
 * Only `bundle` is used: `validate`/`dereference` do not finish on msgraph (see docs/openapi.md).
 */
import SwaggerParser from "@apidevtools/swagger-parser";
import type { OpenAPI } from "openapi-types";
import { type SpecProblem, specError } from "./diagnostics.js";
import { NETWORK_REF } from "./ref-scan.js";
import { escapeToken, holdsLiteral, type JsonObject, pointerTokens } from "./refs.js";

/**
 * Paths the bundler leaves as written: extensions, whose `$ref`s are documentation links (`x-topics` in the corpus's
 * ferry-booking), and literal data (`holdsLiteral`: an example's `$ref` is part of the example). (The ref parser of
 * swagger-parser 13.0 still reads such files while resolving; a document whose only external refs sit there is never
 * bundled at all: ref-scan.ts.)
 */
function leftAsWritten(path: string): boolean {
  if (/\/x-[^/]*/.test(path)) return true;
  const tokens = pointerTokens(path.slice(path.indexOf("#")));
  return tokens.some((_token, index) => holdsLiteral(tokens, index));
}

export async function bundleExternalRefs(file: string, root: JsonObject): Promise<JsonObject> {
  const refusedNetworkRef = {
    order: 1,
    canRead: (info: { url: string }) => NETWORK_REF.test(info.url),
    read: (info: { url: string }) => {
      throw new Error(`network $ref refused: ${info.url} (copy the file next to the spec and refer to it locally)`);
    },
  };
  try {
    const bundled = await SwaggerParser.bundle(
      file,
      root as unknown as OpenAPI.Document,
      {
        continueOnError: true,
        resolve: { http: false, network: refusedNetworkRef },
        bundle: { excludedPathMatcher: leftAsWritten },
      } as SwaggerParser.Options,
    );
    return bundled as unknown as JsonObject;
  } catch (error) {
    const problems = refProblems(file, error);
    // The ref parser's error holds the parser, and with it the whole document: a log of the cause printed all of it.
    if (typeof error === "object" && error !== null) delete (error as { files?: unknown }).files;
    throw specError(refErrorCode(problems), problems, error);
  }
}

interface RefParserError {
  message: string;
  source?: string;
  path?: (string | number)[];
}

const NETWORK_URL = /"?(https?:\/\/[^\s"]+)"?/i;

function refErrorCode(problems: SpecProblem[]): "E_SPEC_UNREADABLE" | "E_SPEC_REF" {
  return problems.some((problem) => problem.message.startsWith("network $ref refused"))
    ? "E_SPEC_UNREADABLE"
    : "E_SPEC_REF";
}

/** The ref parser words a refused URL as a file it could not read: say what happened instead. */
function networkAware(message: string): string {
  const url = NETWORK_URL.exec(message)?.[1];
  return url ? `network $ref refused: ${url} (copy the file next to the spec and refer to it locally)` : message;
}

function refProblems(file: string, error: unknown): SpecProblem[] {
  const errors = (error as { errors?: RefParserError[] }).errors;
  const list: RefParserError[] = Array.isArray(errors) && errors.length > 0 ? errors : [error as RefParserError];
  return list.map((item) => ({
    file: item.source ? item.source.replace(/^file:\/\//, "") : file,
    pointer: Array.isArray(item.path) ? item.path.map((t) => `/${escapeToken(String(t))}`).join("") : "",
    message: networkAware(String(item.message ?? item).split("\n")[0]!),
  }));
}
