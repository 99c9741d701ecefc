import type { LaunchServer } from "./restarter.js";
import type { LineTap } from "./stdio-proxy.js";

/**
 * `--ui`: what the dev page (devpage/dev-page.ts) takes part in of a session: the session's news, the server's
 * stderr and environment, the stdio proxy's lines, and each server the session starts.
 */
export interface SessionPage {
  readonly url: URL;
  /** HTTP: the private port the server listens on, behind the page's proxy. */
  readonly serverPort: number | undefined;
  readonly serverEnv: Readonly<Record<string, string>>;
  readonly tap: LineTap;
  log(text: string): void;
  compileErrors(summary: string, diagnostics: readonly string[]): void;
  stderr(text: string): void;
  watch(launch: LaunchServer): LaunchServer;
  close(): Promise<void>;
}
