import type { AuthOptions, Verifier } from "@mcpsmith/runtime/auth";
import type { OptionSpec, ParsedArgs } from "../args/command.js";
import { stringOption } from "../args/parse.js";
import { CliError } from "../errors.js";
import { listFlag } from "./values.js";

/** `mcpsmith serve ... --http` with authorization (docs/auth.md). */
export const AUTH_FLAGS: Record<string, OptionSpec> = {
  "auth-jwks": { type: "string", value: "URL", description: "Require JWT access tokens signed by this key set" },
  "auth-issuer": { type: "string", value: "URL", description: "The issuer (iss) those tokens must carry" },
  "auth-audience": {
    type: "string",
    value: "URL",
    description: "This server's public URL: the audience (aud) tokens must be minted for (default: its listening URL)",
  },
  "auth-algorithms": { type: "string", value: "LIST", description: "Accepted JWT algorithms (default RS256,ES256)" },
  "api-keys": {
    type: "string",
    value: "FILE",
    description: "Accept API keys (x-api-key header or bearer) listed as hashes in FILE: name sha256:<hex> [scope ...]",
  },
};

/** What authorization is asked for, from flags or a config's `serve.auth` (named as the flags in messages). */
export interface AuthSettings {
  jwks?: string | undefined;
  issuer?: string | undefined;
  audience?: string | undefined;
  algorithms?: readonly string[] | undefined;
  apiKeys?: string | undefined;
}

/** The flags as `auth` options, or undefined when none is given; `url` is where the server will listen. */
export async function authFromFlags(args: ParsedArgs, http: boolean, url: URL): Promise<AuthOptions | undefined> {
  return await authFromSettings(authSettingsOf(args), http, url);
}

export function authSettingsOf(args: ParsedArgs): AuthSettings {
  return {
    jwks: stringOption(args, "auth-jwks"),
    issuer: stringOption(args, "auth-issuer"),
    audience: stringOption(args, "auth-audience"),
    algorithms: listFlag(args.values, "auth-algorithms"),
    apiKeys: stringOption(args, "api-keys"),
  };
}

/** Settings as `auth` options, or undefined when none is asked for. */
export async function authFromSettings(
  settings: AuthSettings,
  http: boolean,
  url: URL,
): Promise<AuthOptions | undefined> {
  const { jwks, issuer, audience, apiKeys: keyFile } = settings;
  if (jwks === undefined && keyFile === undefined) {
    if (issuer !== undefined || audience !== undefined) {
      throw new CliError("E_USAGE", "--auth-issuer and --auth-audience go with --auth-jwks.", {
        hint: "For example `--auth-jwks https://as.example.com/jwks --auth-issuer https://as.example.com`.",
      });
    }
    return undefined;
  }
  if (!http) {
    throw new CliError("E_USAGE", "Authorization applies to --http only: stdio relies on the process boundary.", {
      hint: "Add --http, e.g. `mcpsmith serve openapi api.yaml --http 3000 --auth-jwks URL --auth-issuer URL`.",
    });
  }
  if (jwks !== undefined && issuer === undefined) {
    throw new CliError("E_USAGE", "--auth-jwks needs --auth-issuer (the iss its tokens carry).", {
      hint: "For example `--auth-issuer https://as.example.com`.",
    });
  }
  const { apiKeys, jwtVerifier } = await import("@mcpsmith/runtime/auth");
  // A free port (0) is known only once listening: the runtime then uses the URL it got, but a JWT's audience must be
  // named up front.
  const resource = audience ?? (url.port === "0" ? undefined : url.href);
  if (jwks !== undefined && resource === undefined) {
    throw new CliError("E_USAGE", "With a free port (0), name the audience tokens are minted for: --auth-audience.", {
      hint: "For example `--auth-audience https://mcp.example.com/mcp` (this server's public URL).",
    });
  }
  const algorithms = [...(settings.algorithms ?? [])];
  const verifiers: Verifier[] = [];
  if (jwks !== undefined) {
    verifiers.push(
      jwtVerifier({
        jwksUrl: jwks,
        issuer: issuer!,
        audience: resource!,
        ...(algorithms.length > 0 && { algorithms }),
      }),
    );
  }
  // After the JWT verifier, which takes only JWTs: any other bearer token, or an x-api-key header, is an API key.
  if (keyFile !== undefined) verifiers.push(apiKeys({ file: keyFile, header: "x-api-key", bearerPrefix: "" }));
  return {
    verifiers,
    ...(resource !== undefined && { resource }),
    ...(issuer !== undefined && { authorizationServers: [issuer] }),
  };
}
