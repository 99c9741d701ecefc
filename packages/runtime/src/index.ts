// Must stay the first import: decorated classes need Symbol.metadata before they are evaluated.
import "./polyfill.js";
// The SDK bound before any of the runtime runs (src/sdk.ts): this entry loads it anyway, for the values below.
import "./sdk-eager.js";

// From the SDK: the lower-level input API, for handlers that build their own input_required rounds (see
// docs/runtime.md), the bus that carries change notifications (`serve({ bus })`, `toFetchHandler({ bus })`), and
// ProtocolError, which a handler throws to answer with a JSON-RPC error (or to fail its task) instead of isError.
export {
  acceptedContent,
  InMemoryServerEventBus,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  ProtocolError,
  ProtocolErrorCode,
  type ServerEvent,
  type ServerEventBus,
} from "@modelcontextprotocol/server";
// Everything else but toFetchHandler, whose HTTP stack imports the SDK.
export * from "./lean.js";
export { toFetchHandler } from "./serve/fetch.js";
