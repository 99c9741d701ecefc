import {
  CLIENT_CAPABILITIES_META_KEY as CLIENT_CAPABILITIES,
  CLIENT_INFO_META_KEY as CLIENT_INFO,
  LOG_LEVEL_META_KEY as LOG_LEVEL,
  PROTOCOL_VERSION_META_KEY as PROTOCOL_VERSION,
} from "../../meta-keys.js";
import { classifyInboundRequest } from "../../sdk.js";

/** How many distinct envelopes are remembered: clients send the same one with every request. */
const REMEMBERED = 512;

const verdicts = new Map<string, boolean>();

/**
 * Whether a request's `_meta` envelope is one the SDK accepts. The SDK's own check (zod, through its classifier) is
 * the authority; it runs once per distinct envelope, since a client repeats its protocol version, identity and
 * capabilities on every request. Only the reserved keys are part of the verdict: the SDK's envelope schema is loose,
 * and the progress token, which changes per request, is checked by the caller.
 */
export function envelopeAccepted(meta: Record<string, unknown>): boolean {
  const reserved = {
    [PROTOCOL_VERSION]: meta[PROTOCOL_VERSION],
    [CLIENT_INFO]: meta[CLIENT_INFO],
    [CLIENT_CAPABILITIES]: meta[CLIENT_CAPABILITIES],
    [LOG_LEVEL]: meta[LOG_LEVEL],
  };
  const key = JSON.stringify(reserved);
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    const outcome = classifyInboundRequest({
      httpMethod: "POST",
      body: { jsonrpc: "2.0", id: 0, method: "tools/list", params: { _meta: withoutUndefined(reserved) } },
    });
    verdict = outcome.kind === "modern";
    // A client varying its envelope on purpose cannot make this grow: forget everything and start again.
    if (verdicts.size >= REMEMBERED) verdicts.clear();
    verdicts.set(key, verdict);
  }
  return verdict;
}

function withoutUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined));
}
