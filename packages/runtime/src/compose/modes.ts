import { discoveryModel } from "../discovery/model.js";
import { McpsmithError } from "../errors.js";
import type { ServerModel } from "../model/types.js";
import type { ComposedServer } from "./types.js";

/** How a composed catalogue is listed: a tool each, the discovery tools, or whichever fits its size. */
export type CatalogueMode = "tools" | "discovery" | "auto";

export interface CatalogueOptions {
  mode: CatalogueMode;
  /** `auto`: the discovery tools above this many tools (counted over the whole catalogue). */
  threshold: number;
  /** What the catalogue is, for the discovery tools' descriptions (`the acme server`). */
  subject?: string;
}

/** The model clients are served, and the mode `auto` settled on. */
export function catalogueModel(
  composed: ComposedServer,
  options: CatalogueOptions,
): { model: ServerModel; mode: "tools" | "discovery" } {
  if (!Number.isInteger(options.threshold) || options.threshold < 0) {
    throw new McpsmithError("E_COMPOSE_INVALID", `threshold must be a whole number of tools, got ${options.threshold}`);
  }
  const { model } = composed;
  const mode =
    options.mode === "auto" ? (model.tools.length > options.threshold ? "discovery" : "tools") : options.mode;
  if (mode === "tools") return { model, mode };
  return {
    model: discoveryModel(model, {
      hints: composed.hints,
      ...(options.subject !== undefined && { subject: options.subject }),
    }),
    mode,
  };
}
