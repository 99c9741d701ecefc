// Vitest's setup file: unit tests beside the runtime's sources import its modules directly, not through an entry of
// the package, so nothing else binds the SDK's values those modules take from packages/runtime/src/sdk.ts.
import "../../packages/runtime/src/sdk-eager.js";
