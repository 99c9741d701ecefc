/**
 * The files every generated project has alike, whatever its source: its package.json (whose content the source's
 * view gives) and the TypeScript, vitest and git configuration. The templates sit under openapi/, written first.
 */
import { renderCodeTemplate } from "./templates.js";

export function projectFrameFiles(packageJson: { packageJson: string }): [path: string, text: string][] {
  return [
    ["package.json", renderCodeTemplate("openapi/package.json.hbs", packageJson)],
    ["tsconfig.json", renderCodeTemplate("openapi/tsconfig.json.hbs", {})],
    ["tsconfig.build.json", renderCodeTemplate("openapi/tsconfig.build.json.hbs", {})],
    ["vitest.config.ts", renderCodeTemplate("openapi/vitest.config.ts.hbs", {})],
    [".gitignore", renderCodeTemplate("openapi/_gitignore.hbs", {})],
  ];
}
