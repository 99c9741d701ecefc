/**
 * A parsed file -> the source model: the spec version recognised, every operation read (whatever is selected
 * later, so that all problems are reported), targeted checks instead of swagger-parser's `validate()` (which does
 * not finish on Microsoft Graph's document: bench/README.md): the checks cover what the generator relies on.
 */
import { PATH_ITEM_METHODS, unsendableMethod } from "@mcpsmith/runtime/internal";
import { AUTHORIZATION_IGNORED, readInfo, readMcpExtension, readSecurity } from "./common.js";
import { type DanglingReach, danglingReach } from "./dangling-refs.js";
import { Diagnostics, specError } from "./diagnostics.js";
import type { SourceDocument, SourceOperation, SourceSecurityScheme, SpecDialect } from "./model.js";
import { readOas3Operation } from "./oas3.js";
import { type OperationContext, OperationSkipped } from "./operation.js";
import type { ReadSpec } from "./read.js";
import { scanRefs } from "./ref-scan.js";
import { childPointer, isObject, type JsonObject, RefResolver } from "./refs.js";
import { readSecuritySchemes } from "./security-schemes.js";
import { readServers, swaggerServers } from "./servers.js";
import { readSwagger2Operation } from "./swagger2.js";

export function detectDialect(root: Record<string, unknown>, file: string): SpecDialect {
  if (root.swagger === "2.0") return "swagger2";
  if (typeof root.openapi === "string") {
    if (/^3\.0\.\d+$/.test(root.openapi)) return "oas30";
    // 3.2 keeps 3.1's schemas (JSON Schema 2020-12); what it adds to operations is said where it is read.
    if (/^3\.[12]\.\d+$/.test(root.openapi)) return "oas31";
  }
  const found =
    root.openapi !== undefined
      ? `openapi: ${JSON.stringify(root.openapi)}`
      : root.swagger !== undefined
        ? `swagger: ${JSON.stringify(root.swagger)}`
        : root.swaggerVersion !== undefined
          ? `swaggerVersion: ${JSON.stringify(root.swaggerVersion)} (Swagger 1.x)`
          : "no openapi or swagger field";
  const pointer = root.openapi !== undefined ? "/openapi" : root.swagger !== undefined ? "/swagger" : "";
  throw specError("E_SPEC_VERSION", [
    { file, pointer, message: `${found}: expected swagger: "2.0", or openapi: 3.0.x, 3.1.x or 3.2.x` },
  ]);
}

export function readDocument(spec: ReadSpec): SourceDocument {
  const { file, root } = spec;
  const dialect = detectDialect(root, file);
  const diagnostics = new Diagnostics(file);
  const refs = new RefResolver(root);
  const dangling = spec.danglingRefs ?? scanRefs(root, refs).dangling;
  for (const { pointer, message } of [...(spec.readWarnings ?? []), ...dangling]) diagnostics.warn(pointer, message);
  const reach =
    dangling.length > 0
      ? danglingReach(
          root,
          dangling.map((ref) => ref.pointer),
        )
      : undefined;
  const info = readInfo(root, file, diagnostics);
  const securitySchemes = readSecuritySchemes(root, dialect, refs, diagnostics);
  const scopes = new Map<string, Set<string>>();
  const security = readSecurity(root.security, "/security", diagnostics, scopes) ?? [];
  const servers =
    dialect === "swagger2"
      ? swaggerServers(root, diagnostics)
      : (readServers(root.servers, "/servers", diagnostics) ?? []);
  const operations = readOperations(root, dialect, refs, scopes, diagnostics, reach);
  // A document whose every operation meets a missing part gives nothing to generate: that is the error to report.
  if (operations.length === 0 && reach !== undefined) {
    throw specError(
      "E_SPEC_REF",
      dangling.map((ref) => ({ file, ...ref })),
    );
  }
  checkOperationIds(operations, diagnostics);
  readAuthorizationHeaders(operations, security, securitySchemes, diagnostics);
  const names = new SchemeNames(securitySchemes, scopes, diagnostics);
  const resolvedSecurity = names.resolve(security, "/security");
  for (const operation of operations) {
    if (operation.security) operation.security = names.resolve(operation.security, `${operation.pointer}/security`);
  }
  diagnostics.throwIfProblems();
  return {
    file,
    dialect,
    root,
    ...info,
    servers,
    securitySchemes,
    security: resolvedSecurity,
    operations,
    scopes: Object.fromEntries([...scopes].map(([name, set]) => [name, [...set].sort()])),
    warnings: diagnostics.warnings,
  };
}

function readOperations(
  root: Record<string, unknown>,
  dialect: SpecDialect,
  refs: RefResolver,
  scopes: Map<string, Set<string>>,
  diagnostics: Diagnostics,
  reach: DanglingReach | undefined,
): SourceOperation[] {
  if (root.paths === undefined) {
    if (dialect === "swagger2" || dialect === "oas30") diagnostics.problem("", "the document has no paths");
    else diagnostics.warn("", "the document has no paths (webhooks are not turned into tools): no tools");
    return [];
  }
  if (!isObject(root.paths)) {
    diagnostics.problem("/paths", "paths must be an object");
    return [];
  }
  const documentMcp = readMcpExtension(root["x-mcp"], "", diagnostics);
  const operations: SourceOperation[] = [];
  for (const [path, rawItem] of Object.entries(root.paths)) {
    if (path.startsWith("x-")) continue;
    const pathPointer = childPointer("/paths", path);
    if (!path.startsWith("/")) {
      diagnostics.problem(pathPointer, `path "${path}" must start with "/"`);
      continue;
    }
    const followed = refs.follow(rawItem, pathPointer);
    if (!followed || !isObject(followed.value)) continue;
    const item = followed.value;
    const itemMissing = reach?.reachedFrom(childPointer(followed.pointer, "parameters"));
    const inheritedMcp = { ...documentMcp, ...readMcpExtension(item["x-mcp"], pathPointer, diagnostics) };
    for (const { method, sentAs, operation, pointer, at } of pathOperations(item, path, pathPointer, diagnostics)) {
      const missing = itemMissing ?? inputReaching(reach, childPointer(followed.pointer, ...at));
      if (missing !== undefined) {
        diagnostics.warn(
          pointer,
          `${sentAs} ${path} is skipped: it reaches the $ref at ${missing}, which points nowhere`,
        );
        continue;
      }
      const context: OperationContext = {
        method,
        sentAs,
        path,
        operation,
        item,
        pointer,
        pathPointer,
        inheritedMcp,
        scopes,
        diagnostics,
        reach,
      };
      try {
        operations.push(
          dialect === "swagger2" ? readSwagger2Operation(context, root, refs) : readOas3Operation(context, refs),
        );
      } catch (error) {
        if (!(error instanceof OperationSkipped)) throw error;
        diagnostics.warn(pointer, `${sentAs} ${path} is skipped: ${error.message}`);
      }
    }
  }
  if (operations.length === 0) diagnostics.warn("/paths", "the document has no operations: no tools");
  return operations;
}

/**
 * An `Authorization` header parameter, which OpenAPI says to ignore (the security scheme sets that header) and no tool
 * takes (a secret in an argument would be in the conversation). Where no security requirement covers its operation,
 * it is the only word the document has of the API's credential: SuperTokens' core API declares no scheme, and an
 * `Authorization` parameter on each of its 131 operations, so none could ever authenticate. There it is read as an
 * API key sent in that header from the environment (required as the parameter is), said once; elsewhere it is
 * ignored, as OpenAPI says.
 */
function readAuthorizationHeaders(
  operations: SourceOperation[],
  documentSecurity: string[][],
  schemes: SourceSecurityScheme[],
  diagnostics: Diagnostics,
): void {
  let scheme: SourceSecurityScheme | undefined;
  let read = 0;
  for (const operation of operations) {
    const header = operation.authorizationHeader;
    if (header === undefined) continue;
    const requirement = operation.security ?? documentSecurity;
    if (requirement.some((alternative) => alternative.length > 0)) {
      diagnostics.warn(header.pointer, `header parameter ${header.name} ${AUTHORIZATION_IGNORED}`);
      continue;
    }
    scheme ??= {
      name: unusedSchemeName(schemes, "Authorization"),
      pointer: header.pointer,
      type: "apiKey",
      in: "header",
      paramName: "Authorization",
    };
    operation.security = header.required ? [[scheme.name]] : [[scheme.name], []];
    read++;
  }
  if (scheme === undefined) return;
  schemes.push(scheme);
  diagnostics.warn(
    scheme.pointer,
    `${read} operation${read === 1 ? "" : "s"} no security scheme covers declare an Authorization header parameter: ` +
      "read as an API key sent in that header from the environment (never a tool argument)",
  );
}

function unusedSchemeName(schemes: SourceSecurityScheme[], name: string): string {
  const taken = new Set(schemes.map((scheme) => scheme.name));
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name}${n}`;
  return candidate;
}

/**
 * OpenAPI requires each operationId to be unique, and real documents break it (SendGrid's v2 spec). Nothing here
 * keys on an id alone: tool names are made unique (the later one gets a suffix) and an `operationIds` filter keeps
 * every operation with the id. So a repeat is a warning, naming the operation that used it first.
 */
function checkOperationIds(operations: SourceOperation[], diagnostics: Diagnostics): void {
  const first = new Map<string, string>();
  for (const operation of operations) {
    if (operation.operationId === undefined) continue;
    const earlier = first.get(operation.operationId);
    if (earlier === undefined) first.set(operation.operationId, operation.pointer);
    else
      diagnostics.warn(
        `${operation.pointer}/operationId`,
        `operationId "${operation.operationId}" is also used by ${earlier}: the tool's name gets a suffix`,
      );
  }
}

/**
 * The dangling `$ref` an operation's arguments reach (its parameters or request body), if any: a tool cannot check
 * what it would send, so it is skipped. One reached only from its responses does not skip it: the output schema takes
 * the missing part as any value (schema-converter.ts says so where it meets it), and the tool keeps its uses.
 */
function inputReaching(reach: DanglingReach | undefined, operation: string): string | undefined {
  return reach && (reach.reachedFrom(`${operation}/parameters`) ?? reach.reachedFrom(`${operation}/requestBody`));
}

/**
 * The scheme names requirements are written with, as the document declares them. Names are case-sensitive, but a
 * name no scheme has and exactly one scheme has in another case is that scheme written carelessly (Zulip requires
 * `basicAuth` and declares `BasicAuth`): it is read as that scheme, its scopes with it, and said once per name. A name
 * matching nothing cannot be met: the alternatives that need it are dropped when tools are lowered (toolRequirement),
 * and an operation left with none is skipped, never sent without its credentials. Said once where it is written.
 */
class SchemeNames {
  readonly #declared: Set<string>;
  readonly #byLowerCase = new Map<string, string[]>();
  readonly #told = new Set<string>();

  constructor(
    schemes: readonly { name: string }[],
    private readonly scopes: Map<string, Set<string>>,
    private readonly diagnostics: Diagnostics,
  ) {
    this.#declared = new Set(schemes.map((scheme) => scheme.name));
    for (const { name } of schemes) {
      const key = name.toLowerCase();
      this.#byLowerCase.set(key, [...(this.#byLowerCase.get(key) ?? []), name]);
    }
  }

  resolve(requirement: string[][], pointer: string): string[][] {
    const missing = new Set<string>();
    const resolved = requirement.map((alternative) =>
      alternative.map((name) => {
        if (this.#declared.has(name)) return name;
        const alike = this.#byLowerCase.get(name.toLowerCase()) ?? [];
        if (alike.length !== 1) {
          missing.add(name);
          return name;
        }
        this.#adopt(name, alike[0]!, pointer);
        return alike[0]!;
      }),
    );
    for (const name of missing) {
      this.diagnostics.warn(
        pointer,
        `security names "${name}", which is not a declared security scheme: the alternatives that need it are dropped`,
      );
    }
    return resolved;
  }

  #adopt(written: string, declared: string, pointer: string): void {
    const scopes = this.scopes.get(written);
    if (scopes !== undefined) {
      this.scopes.set(declared, new Set([...(this.scopes.get(declared) ?? []), ...scopes]));
      this.scopes.delete(written);
    }
    if (this.#told.has(written)) return;
    this.#told.add(written);
    this.diagnostics.warn(
      pointer,
      `security names "${written}", which is declared as "${declared}": read as that scheme (names are case-sensitive)`,
    );
  }
}

/** An operation of a path item, with the method it is sent with. */
interface PathOperation {
  /** Lower-cased (SourceOperation's `method`). */
  method: string;
  sentAs: string;
  operation: JsonObject;
  pointer: string;
  /** Where it sits in the path item: its field, or `additionalOperations` and its method. */
  at: string[];
}

/**
 * The operations of a path item: one per method field (`get` ... `trace`, and `query`, OpenAPI 3.2's QUERY method: a
 * safe request with a body), sent in upper case, then OpenAPI 3.2's `additionalOperations`, each sent with its key as
 * written (methods are case-sensitive: `LINK`, `PURGE`). An operation whose method cannot be sent (TRACE, which fetch
 * refuses) is skipped with a warning, and so is an additional one a method field covers (`POST` there), as 3.2 forbids.
 */
function pathOperations(
  item: JsonObject,
  path: string,
  pathPointer: string,
  diagnostics: Diagnostics,
): PathOperation[] {
  const found: PathOperation[] = [];
  const add = (sentAs: string, operation: unknown, at: string[]) => {
    if (!isObject(operation)) return;
    const pointer = childPointer(pathPointer, ...at);
    const unsendable = unsendableMethod(sentAs);
    if (unsendable !== undefined) diagnostics.warn(pointer, `${sentAs} ${path} is skipped: ${unsendable}`);
    else found.push({ method: sentAs.toLowerCase(), sentAs, operation, pointer, at });
  };
  for (const [field, operation] of Object.entries(item)) {
    if (PATH_ITEM_METHODS.has(field)) add(field.toUpperCase(), operation, [field]);
  }
  if (!isObject(item.additionalOperations)) return found;
  for (const [method, operation] of Object.entries(item.additionalOperations)) {
    const at = ["additionalOperations", method];
    if (PATH_ITEM_METHODS.has(method.toLowerCase())) {
      diagnostics.warn(
        childPointer(pathPointer, ...at),
        `${method} ${path} is skipped: additionalOperations cannot hold a method the path item has a field for (${method.toLowerCase()})`,
      );
    } else add(method, operation, at);
  }
  return found;
}
