// `@mcpsmith/runtime/internal-http`: the Host and Origin guards of the HTTP endpoint, which the dev page (cli) applies
// to its own server too. Apart from `@mcpsmith/runtime/internal` because they use the SDK's checks, and that entry
// loads no SDK. Not for users: no compatibility promise.
// The SDK bound before any of the runtime runs (src/sdk.ts).
import "./sdk-eager.js";

export { guardProblem, resolveGuards } from "./serve/guards.js";
