/**
 * How a source's names and URIs are namespaced by its prefix. Tools and prompts: `<prefix>_<name>`. Resources:
 * the prefix becomes the first segment after the scheme (`db://public/orders` -> `db://shop/public/orders`,
 * `notes://{id}` -> `notes://utils/{id}`; a URI without `//`: `urn:isbn:1` -> `urn:shop/isbn:1`), so two
 * databases both serving `db://public/orders` do not clash, and a URI keeps its scheme for the client.
 */
export function prefixedName(prefix: string, name: string): string {
  return prefix === "" ? name : `${prefix}_${name}`;
}

export function prefixedUri(prefix: string, uri: string): string {
  if (prefix === "") return uri;
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):(\/\/)?(.*)$/s.exec(uri);
  if (match === null) return `${prefix}/${uri}`;
  const [, scheme, slashes = "", rest = ""] = match;
  return `${scheme}:${slashes}${prefix}${rest === "" ? "" : `/${rest}`}`;
}
