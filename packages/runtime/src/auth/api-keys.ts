import { createHash, timingSafeEqual } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import type { AuthInfo } from "@modelcontextprotocol/server";
import { McpsmithError } from "../errors.js";
import type { AuthExtra } from "../model/auth.js";
import { invalidToken, REFUSED } from "./errors.js";
import type { CredentialVerifier } from "./types.js";

export interface ApiKeysOptions {
  /**
   * The header that carries a key. Default `x-api-key` unless `bearerPrefix` is set; set both to accept both.
   */
  header?: string;
  /**
   * Accept keys as `Authorization: Bearer <key>` too, for keys starting with this prefix (`msk_`, say): other
   * bearer tokens go on to the next verifier.
   */
  bearerPrefix?: string;
  /**
   * A file of key hashes, one key a line: `name sha256:<64 hex digits> [scope ...]` (`#` starts a comment). Only
   * hashes are stored, so the file is no secret; it is read again when it changes, which is how a key is revoked.
   * Make a line with `printf %s "$KEY" | sha256sum`.
   */
  file?: string;
  /**
   * An environment variable holding keys themselves, for a deployment that injects secrets that way: entries
   * separated by newlines or commas, each `name=key [scope ...]`. Read once, at start-up.
   */
  env?: string;
}

interface StoredKey {
  readonly name: string;
  readonly digest: Buffer;
  readonly scopes: readonly string[];
}

export interface ApiKeyVerifier extends CredentialVerifier {
  /** Refuses a key from now on, by name, until the key file is read again. */
  revoke(name: string): void;
}

/**
 * API keys: compared as SHA-256 digests in constant time against every stored key (no early exit, so timing says
 * nothing about how close a guess came), revocable by editing the file or by `revoke(name)`. A key has no expiry;
 * its scopes are the ones its line lists.
 */
export function apiKeys(options: ApiKeysOptions): ApiKeyVerifier {
  const header = (options.header ?? (options.bearerPrefix === undefined ? "x-api-key" : undefined))?.toLowerCase();
  const prefix = options.bearerPrefix;
  if (options.file === undefined && options.env === undefined) {
    throw new McpsmithError(
      "E_SERVE_OPTIONS",
      "auth: apiKeys() needs a key file (file) or an environment variable (env)",
    );
  }
  const fromEnv = options.env === undefined ? [] : envKeys(options.env);
  const revoked = new Set<string>();
  let fromFile: StoredKey[] = [];
  let fileStamp = "";
  const readFile = () => {
    if (options.file === undefined) return;
    const stat = statSync(options.file, { throwIfNoEntry: false });
    const stamp = stat ? `${stat.mtimeMs}:${stat.size}:${stat.ino}` : "missing";
    if (stamp === fileStamp) return;
    if (!stat) throw new McpsmithError("E_SERVE_OPTIONS", `auth: API key file ${options.file} does not exist`);
    fromFile = parseKeyFile(readFileSync(options.file, "utf8"), options.file);
    fileStamp = stamp;
    revoked.clear();
  };
  readFile();
  // Rechecked at most once a second: revoking a key takes effect within a second, and a flood of requests costs no
  // flood of stat calls.
  let checked = Date.now();
  const current = () => {
    if (Date.now() - checked >= 1_000) {
      checked = Date.now();
      try {
        readFile();
      } catch {
        // A file being rewritten may be briefly missing or half-written: keep the keys last read.
      }
    }
    return [...fromFile, ...fromEnv];
  };

  return {
    kind: "credential",
    credentialIn(headers) {
      if (header !== undefined) {
        const value = headers.get(header);
        if (value !== null && value !== "") return value.trim();
      }
      if (prefix !== undefined) {
        const authorization = headers.get("authorization");
        const match = authorization === null ? null : /^Bearer (\S+)$/i.exec(authorization.trim());
        if (match?.[1]?.startsWith(prefix)) return match[1];
      }
      return undefined;
    },
    async verify(credential) {
      const digest = sha256(credential);
      let found: StoredKey | undefined;
      for (const key of current()) {
        // Every key is compared, matched or not.
        if (timingSafeEqual(digest, key.digest) && found === undefined) found = key;
      }
      if (found === undefined || revoked.has(found.name)) throw invalidToken(REFUSED.unknownKey);
      const extra: AuthExtra = {
        subject: found.name,
        method: "apiKey",
        claims: { name: found.name, scopes: [...found.scopes] },
      };
      const info: AuthInfo = {
        token: credential,
        clientId: found.name,
        scopes: [...found.scopes],
        extra: extra as Record<string, unknown>,
      };
      return info;
    },
    revoke(name) {
      revoked.add(name);
    },
  };
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/** The key file's lines; a malformed line names the file and line, and nothing of what it holds. */
export function parseKeyFile(text: string, file: string): StoredKey[] {
  const keys: StoredKey[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.replace(/#.*/, "").trim();
    if (line === "") continue;
    const [name, hash, ...scopes] = line.split(/\s+/);
    const hex = /^sha256:([0-9a-f]{64})$/i.exec(hash ?? "")?.[1];
    if (name === undefined || hex === undefined) {
      throw new McpsmithError(
        "E_SERVE_OPTIONS",
        `auth: ${file}:${index + 1}: expected "name sha256:<64 hex digits> [scope ...]"`,
      );
    }
    keys.push({ name, digest: Buffer.from(hex, "hex"), scopes });
  }
  return keys;
}

function envKeys(variable: string): StoredKey[] {
  const value = process.env[variable];
  if (value === undefined || value.trim() === "") {
    throw new McpsmithError("E_SERVE_OPTIONS", `auth: environment variable ${variable} holds no API keys`);
  }
  return value
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .map((entry, index) => {
      const match = /^([^=\s]+)=(\S+)(.*)$/.exec(entry);
      if (!match) {
        throw new McpsmithError(
          "E_SERVE_OPTIONS",
          `auth: ${variable} entry ${index + 1}: expected "name=key [scope ...]"`,
        );
      }
      const [, name, key, scopes] = match as unknown as [string, string, string, string];
      return { name, digest: sha256(key), scopes: scopes.trim().split(/\s+/).filter(Boolean) };
    });
}
