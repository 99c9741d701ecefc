/** RFC 9110's `token`: what a header name and a method name may hold (fetch refuses any other as either). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function isToken(text: string): boolean {
  return TOKEN.test(text);
}
