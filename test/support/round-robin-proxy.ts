import { roundRobinProxy as proxy } from "../../bench/scale/proxy.js";

/** One request the proxy passed on: where it went, and what it was (its `Mcp-Method` header, or the HTTP method). */
export interface Hop {
  upstream: number;
  method: string;
}

export interface RoundRobinProxy {
  /** The MCP endpoint's URL through the proxy. */
  url: URL;
  /** Every request passed on, in order. */
  hops: Hop[];
  close(): Promise<void>;
}

/** The bench's round-robin load balancer (bench/scale/proxy.ts), recording where each request went. */
export async function roundRobinProxy(
  upstreams: readonly URL[],
  options: { sticky?: boolean } = {},
): Promise<RoundRobinProxy> {
  const hops: Hop[] = [];
  const started = await proxy(upstreams, {
    ...options,
    onHop: (upstream, method) => void hops.push({ upstream, method }),
  });
  return { url: started.url, hops, close: started.close };
}
