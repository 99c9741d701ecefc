// `@mcpsmith/runtime/auth`: the credential verifiers `serve({ http: { auth } })` and `toFetchHandler({ auth })` take
// (docs/auth.md). jose is loaded only by servers that import this.
export type { AuthContext } from "../model/auth.js";
export { scopeCovers } from "../model/auth.js";
export { type ApiKeysOptions, type ApiKeyVerifier, apiKeys } from "./api-keys.js";
export { type IntrospectionOptions, tokenIntrospection } from "./introspection.js";
export { ASYMMETRIC_ALGORITHMS, type JwtVerifierOptions, jwtVerifier } from "./jwt.js";
export type { AuthOptions, BearerVerifier, CredentialVerifier, Verifier } from "./types.js";
