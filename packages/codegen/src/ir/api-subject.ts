/**
 * What an API's operations belong to, as the discovery tools' descriptions name it: `the Swagger Petstore API`, and
 * `the Xero Accounting API` for a title that already says API (or already starts with "the").
 */
export function apiSubject(title: string): string {
  const named = /\bAPI$/i.test(title.trim()) ? title.trim() : `${title.trim()} API`;
  return /^the\s/i.test(named) ? named : `the ${named}`;
}
