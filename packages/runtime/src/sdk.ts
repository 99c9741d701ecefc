import type * as ServerModule from "@modelcontextprotocol/server";
import type * as AjvModule from "@modelcontextprotocol/server/validators/ajv";

/**
 * The SDK's values that the modules a stdio server loads before its first answer use (the model compiler, the live
 * model, the fast paths, the stdio front), bound when the SDK is loaded rather than imported: the SDK and zod are
 * about half of a server's start-up (docs/performance.md, "Start-up and memory"), and ESM evaluates a static import
 * before anything else. They are the SDK's own values (one definition), in ESM live bindings: every module that
 * imports one from here sees it once `installSdk` ran.
 *
 * Who installs it: the package's entries that use these import `sdk-eager.ts` first, which imports the SDK
 * statically and installs it before any of the entry's modules run; but the lean entry, whose `serve()` loads the SDK
 * when it needs it (over HTTP at once, on stdio once the front hands a connection over, serve/stdio-front.ts), and
 * the code-mode entry, whose SDK values are used only while a model is served. Code that runs before (building and
 * compiling a model, the stdio front) must not touch these, and no module may use one while it is evaluated (a class
 * cannot extend `Server` at the top level of such a module). scripts/bundle.mjs checks the entries' import graphs,
 * test/lean-entry.test.ts what a lean server loads. The `_meta` keys are the runtime's own strings (meta-keys.ts),
 * which a module may use at its top level.
 */
export let ProtocolError!: typeof ServerModule.ProtocolError;
export type ProtocolError = ServerModule.ProtocolError;
export let MissingRequiredClientCapabilityError!: typeof ServerModule.MissingRequiredClientCapabilityError;
export type MissingRequiredClientCapabilityError = ServerModule.MissingRequiredClientCapabilityError;
export let ResourceNotFoundError!: typeof ServerModule.ResourceNotFoundError;
export let Server!: typeof ServerModule.Server;
export type Server = ServerModule.Server;
export let InMemoryServerEventBus!: typeof ServerModule.InMemoryServerEventBus;
export let UriTemplate!: typeof ServerModule.UriTemplate;
export type UriTemplate = ServerModule.UriTemplate;
export let AjvJsonSchemaValidator!: typeof AjvModule.AjvJsonSchemaValidator;
export type AjvJsonSchemaValidator = AjvModule.AjvJsonSchemaValidator;
export let isInputRequiredResult!: typeof ServerModule.isInputRequiredResult;
export let inputRequired!: typeof ServerModule.inputRequired;
export let inputResponse!: typeof ServerModule.inputResponse;
export let createRequestStateCodec!: typeof ServerModule.createRequestStateCodec;
export let classifyInboundRequest!: typeof ServerModule.classifyInboundRequest;
export let specTypeSchemas!: typeof ServerModule.specTypeSchemas;
export let parseJSONRPCMessage!: typeof ServerModule.parseJSONRPCMessage;
export let isJSONRPCRequest!: typeof ServerModule.isJSONRPCRequest;

let installed = false;
let loading: Promise<void> | undefined;

/** Binds the values above to the SDK's modules (the same modules on every call: the first one wins). */
export function installSdk(server: typeof ServerModule, ajv: typeof AjvModule): void {
  if (installed) return;
  installed = true;
  ({
    ProtocolError,
    MissingRequiredClientCapabilityError,
    ResourceNotFoundError,
    Server,
    InMemoryServerEventBus,
    UriTemplate,
    isInputRequiredResult,
    inputRequired,
    inputResponse,
    createRequestStateCodec,
    classifyInboundRequest,
    specTypeSchemas,
    parseJSONRPCMessage,
    isJSONRPCRequest,
  } = server);
  ({ AjvJsonSchemaValidator } = ajv);
}

/** Whether the values above are bound. */
export function sdkLoaded(): boolean {
  return installed;
}

/** Loads the SDK (and zod with it) and binds the values above; at once when an entry already did. */
export function loadSdk(): Promise<void> {
  if (installed) return Promise.resolve();
  loading ??= Promise.all([
    import("@modelcontextprotocol/server"),
    import("@modelcontextprotocol/server/validators/ajv"),
  ]).then(([server, ajv]) => installSdk(server, ajv));
  return loading;
}
