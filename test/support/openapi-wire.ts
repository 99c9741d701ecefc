/**
 * The corpus's wire check: every tool of a document called through real MCP clients (one per back end: the
 * generated project, `serve openapi`) with arguments made up from its input schema, a marker of its own in every
 * field (test/support/openapi-markers.ts), against a recording upstream. Each call must send exactly one request,
 * the one the specification describes (test/support/openapi-request.ts: method, server, encoded path, query with
 * the path key's fixed items, headers with the fixed ones, cookies, credentials, body), byte for byte the same from
 * every back end; every argument given must be bound to a place on the wire and found there. A call may be refused
 * for its arguments only when the sampler's value is known not to fit the schema, and the refusal must name a field.
 */
import { expect } from "vitest";
import { fitsSchema } from "../../packages/codegen/dist/emit/openapi/fits.js";
import { sampleOf } from "../../packages/codegen/dist/emit/openapi/sample.js";
import type { OpenApiIR, ToolIR } from "../../packages/codegen/dist/ir/types.js";
import type { HttpOperation, HttpServer } from "../../packages/runtime/dist/executors/http/index.js";
import { compileDefaults } from "../../packages/runtime/dist/internal.js";
import { Markers } from "./openapi-markers.js";
import {
  carriesAnyCredential,
  decodeCookies,
  decodeQuery,
  expectedBody,
  expectedRequest,
  receivedBody,
  satisfiedAlternative,
  tokenReply,
} from "./openapi-request.js";
import type { createTestClient } from "./runtime.js";
import type { RecordedRequest, Upstream, UpstreamReply } from "./upstream.js";

export type Client = Awaited<ReturnType<typeof createTestClient>>;
export type Tool = ToolIR<HttpOperation>;

/** A string that every encoding step has to get right: space, reserved characters, `%`, non-ASCII. */
const AWKWARD = "a b/c?d&e=f#g%h ü";
/** Where a document whose servers are relative (Kubernetes: `/`) is pointed, as its users must. */
export const RELATIVE_BASE = "https://relative.example/base";

/** Operations not sent as the document describes them, and why. */
const UNSENDABLE = new Map([
  ["inference_upload_batch_file", "DigitalOcean names the server `https://`: the URL comes from another answer"],
]);

const FIXED_DATE = "Wed, 02 Dec 2026 00:00:00 GMT";

export interface WireCounts {
  /** Tools called (on every back end). */
  tools: number;
  /** Calls whose request matched the specification's, the same from every back end. */
  matched: number;
  /** Argument values found on the wire where their operation puts them (a body property counts once). */
  values: number;
  /**
   * deepObject values (query parameters, form fields) holding a list or a nested object, found on the wire in
   * bracket notation (`expand[]=a`, `items[0][price]=x`): the part of deepObject the specification leaves open.
   */
  bracketed: number;
  /** Calls refused for arguments the sampler knows not to fit, by tool, with the refusal naming the field. */
  refused: Record<string, string>;
  /** Tools left uncalled, by name, with the reason. */
  uncalled: Record<string, string>;
}

/**
 * Arguments for a call: a marker per parameter (path and query strings carrying AWKWARD where their schema takes
 * it), an object body's top-level properties marked too, everything else the sampler's value.
 */
export function argumentsFor(tool: Tool): Record<string, unknown> {
  const markers = new Markers(tool.inputSchema);
  const args: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
    const parameter = tool.binding.parameters.find((candidate) => candidate.argument === name);
    const value = parameter
      ? markers.valueFor(name, property, parameter.in === "path" || parameter.in === "query" ? AWKWARD : "")
      : tool.binding.body?.argument === name
        ? markers.objectFor(property)
        : sampleOf(property, tool.inputSchema);
    if (value !== undefined) args[name] = value;
  }
  return args;
}

/** A server's URL with its variables at their defaults (`{scheme}://host` is absolute once filled in). */
export function serverUrlOf(server: HttpServer): string {
  return server.url.replace(/\{([^{}]+)\}/g, (_all, name: string) => server.variables![name]!.default);
}

/**
 * Whether some tool has no absolute server, its operation's or the document's, so that calls need a base URL. The
 * executor's `baseUrl` then serves every tool, its operation's own servers too.
 */
export function serversAreRelative(ir: OpenApiIR): boolean {
  return ir.tools.some((tool) => !isAbsolute(serverOf(ir, tool.binding)));
}

const serverOf = (ir: OpenApiIR, operation: HttpOperation) => operation.servers?.[0] ?? ir.api.servers[0];
/** Absolute and complete: Shlink's `{scheme}://{host}`, its host empty by default, needs a base URL too. */
const isAbsolute = (server: HttpServer | undefined) => {
  const url = server === undefined ? "" : serverUrlOf(server);
  return /^https?:\/\//.test(url) && URL.canParse(url);
};

/**
 * The URL the operation is called at, as the upstream sees it: the base URL when `relative` (see
 * {@link serversAreRelative}), else the server the document gives the operation, variables at their defaults.
 */
export function serverPathOf(ir: OpenApiIR, operation: HttpOperation, relative: boolean): string {
  const server = serverOf(ir, operation);
  const absolute = !relative && server !== undefined ? serverUrlOf(server) : RELATIVE_BASE;
  // As a path on the upstream, percent-encoded as fetch sends a path (DigitalOcean's `https://{your-agent-url}`
  // names a placeholder it declares no variable for).
  const path = absolute.replace(/^(https?):\/\//, "/$1/").replace(/\/+$/, "");
  return new URL(path, "http://upstream").pathname;
}

/** What a tool's operation looks like on the wire, one label per trait a document's sent calls must show. */
function shapesOf(operation: HttpOperation): string[] {
  const shapes = operation.parameters.map(
    (parameter) =>
      `${parameter.in} ${parameter.style}${parameter.explode ? " exploded" : ""}${parameter.contentType ? " content" : ""}`,
  );
  const { body } = operation;
  if (body) shapes.push(`body ${body.binary ? "binary" : body.mediaType}${body.fileProperties ? " with files" : ""}`);
  shapes.push(`security ${JSON.stringify(operation.security)}`);
  if (operation.servers) shapes.push("operation servers");
  if (operation.fixedQuery) shapes.push("fixed query");
  if (operation.fixedHeaders) shapes.push("fixed headers");
  return shapes;
}

/** Boundaries are random per request: the same body from two back ends differs only there. */
export function comparable(request: RecordedRequest) {
  const boundary = /boundary=([^;\s]+)/.exec(request.headers["content-type"] ?? "")?.[1];
  const unify = (text: string) => (boundary ? text.replaceAll(boundary, "BOUNDARY") : text);
  const { host: _port, ...headers } = request.headers;
  return {
    method: request.method,
    url: request.url,
    headers: JSON.parse(unify(JSON.stringify(headers))),
    body: unify(request.body.toString("latin1")),
  };
}

export const textOf = (result: { content: unknown }) =>
  (result.content as { type: string; text?: string }[])[0]?.text ?? "";

/**
 * Calls `tool` on every client; each may send one request at most, besides the OAuth2 token request its first call
 * with client credentials makes. Returns the results and requests, in order.
 */
export async function callAll(clients: Client[], upstream: Upstream, tool: Tool, args: Record<string, unknown>) {
  const results = [];
  const requests: (RecordedRequest | undefined)[] = [];
  for (const client of clients) {
    const before = upstream.requests.length;
    results.push(await client.callTool({ name: tool.name, arguments: args }));
    // The tool's own request is the last; any before it must be the executor's token request.
    const sent = upstream.requests.slice(before);
    const tokens = sent.slice(0, -1).filter((request) => tokenReply(request) !== undefined);
    expect(sent.length - tokens.length, `${tool.name}: requests sent by one call`).toBeLessThanOrEqual(1);
    requests.push(sent.at(-1));
  }
  return { results, requests };
}

export interface WireCheck {
  ir: OpenApiIR;
  /** One client per back end; the first one's requests are checked against the specification, the others' against it. */
  clients: Client[];
  upstream: Upstream;
  /** Sets the upstream's answer for the next calls. */
  reply: (answer: (request: RecordedRequest) => UpstreamReply) => void;
}

/** Calls every tool of the document as the header says; returns the counts. */
export async function checkEveryTool({ ir, clients, upstream, reply }: WireCheck): Promise<WireCounts> {
  const counts: WireCounts = { tools: 0, matched: 0, values: 0, bracketed: 0, refused: {}, uncalled: {} };
  const shapesSent = new Set<string>();
  const apiKeys = (location: string) =>
    new Set(
      Object.values(ir.api.securitySchemes).flatMap((scheme) =>
        scheme.type === "apiKey" && scheme.in === location ? [scheme.name] : [],
      ),
    );
  const apiKeysInQuery = apiKeys("query");
  const apiKeysInCookies = apiKeys("cookie");
  const relative = serversAreRelative(ir);
  for (const tool of ir.tools) {
    const why = uncallable(tool);
    if (why !== undefined) {
      counts.uncalled[tool.name] = why;
      continue;
    }
    const args = argumentsFor(tool);
    const answer = (tool.outputSchema && sampleOf(tool.outputSchema)) ?? { ok: true };
    // A fixed Date: a HEAD result lists the response headers, and two back ends may be answered a second apart.
    reply(() => ({ json: answer, headers: { Date: FIXED_DATE } }));
    const { results, requests } = await callAll(clients, upstream, tool, args);
    counts.tools++;
    const [first, ...others] = requests;
    for (const result of results.slice(1)) expect(result, tool.name).toEqual(results[0]);
    if (!first) {
      // Only arguments the sample builder knows not to fit the schema may be refused (it cannot satisfy every
      // schema: DigitalOcean's dropletActions_post_byTag is a oneOf whose second member includes the first), by
      // every back end, with an error naming the field.
      const text = textOf(results[0]!);
      expect(fitsSchema(args, tool.inputSchema), `${tool.name}: ${text}`).toBe(false);
      expect(others.every((request) => request === undefined)).toBe(true);
      expect(results[0]!.isError).toBe(true);
      expect(namesAField(text, args), `${tool.name}: ${text}`).toBe(true);
      counts.refused[tool.name] = text;
      continue;
    }
    for (const request of others) expect(request && comparable(request), tool.name).toEqual(comparable(first));
    // The upstream answers with a sample of the output schema, refused only when it is known not to fit.
    if (results[0]!.isError) {
      expect(textOf(results[0]!), tool.name).toMatch(/does not match its output schema/);
      expect(fitsSchema(answer, tool.outputSchema!), `${tool.name}: ${textOf(results[0]!)}`).toBe(false);
    }
    // The runtime's validator fills in the defaults of absent properties before the executor runs (DigitalOcean's
    // apps_update body gains `update_all_source_versions: false`), so the request carries them too.
    const sent = compileDefaults(tool.inputSchema)(args) as Record<string, unknown>;
    const expected = expectedRequest(tool.binding, sent);
    expect(first.method, tool.name).toBe(expected.method);
    expect(first.path, tool.name).toBe(`${serverPathOf(ir, tool.binding, relative)}${expected.path}`);
    expect(
      decodeQuery(first.query).filter(([name]) => !apiKeysInQuery.has(name)),
      tool.name,
    ).toEqual(expected.query);
    expect(first.headers, tool.name).toMatchObject(expected.headers);
    expect(decodeCookies(first.headers.cookie, apiKeysInCookies), tool.name).toEqual(expected.cookies);
    expect(satisfiedAlternative(first, tool.binding, ir.api), tool.name).toBeDefined();
    if (tool.binding.security.length === 0) expect(carriesAnyCredential(first, ir.api)).toBe(false);
    checkBody(tool, sent, first);
    counts.values += valuesCarried(tool, args);
    counts.bracketed += bracketedValues(tool, sent);
    counts.matched++;
    for (const shape of shapesOf(tool.binding)) shapesSent.add(shape);
  }
  // Refusals may not hide a whole kind of request: every shape the document uses was sent at least once.
  const everyShape = new Set(ir.tools.flatMap((tool) => (tool.name in counts.uncalled ? [] : shapesOf(tool.binding))));
  expect([...everyShape].filter((shape) => !shapesSent.has(shape))).toEqual([]);
  return counts;
}

/** Why `tool` is not called here, if it is not. */
export function uncallable(tool: Tool): string | undefined {
  return UNSENDABLE.get(tool.name);
}

function checkBody(tool: Tool, args: Record<string, unknown>, request: RecordedRequest): void {
  const body = tool.binding.body;
  if (!body || args[body.argument] === undefined) {
    expect(request.body.byteLength, tool.name).toBe(0);
    return;
  }
  const type = request.headers["content-type"] ?? "";
  if (/^multipart\//i.test(body.mediaType)) expect(type).toMatch(/^multipart\/form-data; boundary=\S+$/);
  else if (!body.mediaType.includes("*")) expect(type.startsWith(body.mediaType), `${tool.name}: ${type}`).toBe(true);
  expect(receivedBody(tool.binding, request), tool.name).toEqual(expectedBody(tool.binding, args[body.argument]));
}

/**
 * How many of the arguments given reached the wire (the checks above found each in its place): every argument is
 * bound to a parameter or the body, none is dropped on the way; a parameter whose value serialises to nothing
 * (an empty list) carries none, an object body carries one per property.
 */
function valuesCarried(tool: Tool, args: Record<string, unknown>): number {
  let carried = 0;
  for (const [name, value] of Object.entries(args)) {
    const parameter = tool.binding.parameters.find((candidate) => candidate.argument === name);
    const body = tool.binding.body?.argument === name;
    expect(parameter !== undefined || body, `${tool.name}: the argument ${name} is bound to no place`).toBe(true);
    if (body) carried += isPlainObject(value) && !tool.binding.body!.binary ? Object.keys(value).length || 1 : 1;
    else if (!isEmptyCollection(value) || parameter!.in === "path") carried++;
  }
  return carried;
}

/** How many deepObject values of the call hold a list or a nested object (the checks above found them in brackets). */
function bracketedValues(tool: Tool, sent: Record<string, unknown>): number {
  const nests = (value: unknown) =>
    Array.isArray(value)
      ? value.length > 0
      : isPlainObject(value) && Object.values(value).some((item) => typeof item === "object" && item !== null);
  const { parameters, body } = tool.binding;
  const deepValues = parameters
    .filter((parameter) => parameter.in === "query" && parameter.style === "deepObject" && !parameter.contentType)
    .map((parameter) => sent[parameter.argument]);
  const fields = body && /^application\/x-www-form-urlencoded/i.test(body.mediaType) ? sent[body.argument] : undefined;
  if (isPlainObject(fields)) {
    for (const [name, value] of Object.entries(fields))
      if (body!.encoding?.[name]?.style === "deepObject") deepValues.push(value);
  }
  return deepValues.filter(nests).length;
}

/** Whether a refusal names one of the arguments (the validator's issue paths start at an argument). */
function namesAField(text: string, args: Record<string, unknown>): boolean {
  return Object.keys(args).some((name) => text.includes(name));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isEmptyCollection(value: unknown): boolean {
  return typeof value === "object" && value !== null && Object.keys(value).length === 0;
}

/** One line per document, for the issue's closing note. */
export function reportLine(file: string, counts: WireCounts): string {
  const refused = Object.keys(counts.refused).length;
  const uncalled = Object.keys(counts.uncalled).length;
  const bracketed = counts.bracketed > 0 ? ` (${counts.bracketed} deepObject lists or nested objects in brackets)` : "";
  return `wire ${file}: ${counts.tools} tools called, ${counts.matched} requests matched, ${counts.values} values carried${bracketed}, ${refused} refused with the field named${uncalled > 0 ? `, ${uncalled} not called` : ""}`;
}
