/**
 * What the `auth` section needs besides a server: a key set to verify against and a token signed by it. The key set
 * is served from the bench process itself (the server fetches it once and caches it, which is the case measured);
 * the token is minted once and sent with every request, as a client holding one does.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { jwtVerifier } from "@mcpsmith/runtime/auth";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

export interface BenchIssuer {
  jwksUrl: string;
  issuer: string;
  audience: string;
  /** An ES256 access token for `audience`, valid for an hour. */
  token: string;
  /** How many times the server fetched the key set (1 when it cached as it should). */
  fetches(): number;
  close(): Promise<void>;
}

export async function startBenchIssuer(): Promise<BenchIssuer> {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "bench", alg: "ES256", use: "sig" };
  let fetches = 0;
  const server: Server = createServer((_req, res) => {
    fetches += 1;
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const audience = "http://127.0.0.1/bench/mcp";
  const token = await new SignJWT({ scope: "bench", client_id: "bench" })
    .setProtectedHeader({ alg: "ES256", kid: "bench" })
    .setIssuer(origin)
    .setAudience(audience)
    .setSubject("bench")
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(privateKey);
  return {
    jwksUrl: `${origin}/jwks`,
    issuer: origin,
    audience,
    token,
    fetches: () => fetches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The verification alone, in this process: CPU microseconds per `verifyAccessToken` of the same token against the
 * cached key set (signature, claims). Counted in CPU time, so a busy machine inflates it less than wall-clock rates.
 */
export async function verificationCpuUs(issuer: BenchIssuer, iterations: number): Promise<number> {
  const verifier = jwtVerifier(issuer);
  await verifier.verifyAccessToken(issuer.token); // fetches and caches the key set
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) await verifier.verifyAccessToken(issuer.token);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / iterations;
}
