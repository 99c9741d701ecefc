/** Replaces every secret in `text` (passwords, tokens, connection strings) before it reaches a result or a log. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so a secret that contains another is replaced whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length >= 4) out = out.split(secret).join("[redacted]");
  }
  return out;
}
