/** Whether a resource URI is an RFC 6570 template (`weather://stations/{id}`) rather than a fixed URI. */
export function isUriTemplate(uri: string): boolean {
  return /\{[^}]+\}/.test(uri);
}

/** The variable names of a template, in order: `a://{x}/{+y}{?q,r}` -> x, y, q, r. */
export function templateVariables(uriTemplate: string): string[] {
  const names: string[] = [];
  for (const match of uriTemplate.matchAll(/\{([^}]+)\}/g)) {
    for (const spec of match[1]!.replace(/^[+#./;?&]/, "").split(",")) {
      names.push(spec.replace(/\*$|:\d+$/, ""));
    }
  }
  return names;
}
