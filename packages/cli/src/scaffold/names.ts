import { basename } from "node:path";
import { CliError } from "../errors.js";

/** A valid npm package name from what the user gave (`--name`) or the folder's name. */
export function packageNameFor(dir: string, explicit: string | undefined): string {
  if (explicit !== undefined) {
    if (/^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/.test(explicit) && explicit.length <= 214) return explicit;
    throw new CliError("E_USAGE", `"${explicit}" is not a valid npm package name.`, {
      hint: "Use lower-case letters, digits and - . _ ~ (optionally @scope/name), e.g. --name weather-server.",
    });
  }
  const name = basename(dir)
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, "-")
    .replace(/^[._~-]+|[-]+$/g, "");
  if (name === "") {
    throw new CliError("E_USAGE", `Cannot make a package name from the folder name "${basename(dir)}".`, {
      hint: "Give one with --name, e.g. --name my-server.",
    });
  }
  return name;
}

/** `@me/weather-server` -> `weather-server`: the server's name on the wire and in host configs. */
export function unscoped(packageName: string): string {
  return packageName.replace(/^@[^/]+\//, "");
}

/** `weather-server` -> `WeatherServer`, a class name that is a valid identifier. */
export function classNameFor(name: string): string {
  const words = unscoped(name)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const pascal = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
  if (pascal === "") return "Server";
  return /^[0-9]/.test(pascal) ? `Server${pascal}` : pascal;
}

/** A URI scheme for the server's resources (`weather-server://about`): a letter first, then [a-z0-9+.-]. */
export function uriSchemeFor(name: string): string {
  const scheme = unscoped(name)
    .toLowerCase()
    .replace(/[^a-z0-9+.-]+/g, "-");
  return /^[a-z]/.test(scheme) ? scheme : `mcp-${scheme}`;
}
