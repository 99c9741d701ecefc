import { toIdentifier } from "./identifiers.js";

/** `pet store` -> `PetStore`: a class name part. */
export function pascalCase(text: string): string {
  const identifier = toIdentifier(text);
  return identifier.charAt(0).toUpperCase() + identifier.slice(1);
}

/** `getPetById` -> `GET_PET_BY_ID`: the stem of a module-level constant (`_1_CLICK_APPS` for `1-Click Apps`). */
export function constantCase(identifier: string): string {
  const constant = identifier
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase();
  return /^[0-9]/.test(constant) ? `_${constant}` : constant;
}

/** `Pet Store` -> `pet-store`: a file name (without extension) made of lower-case letters, digits and dashes. */
export function fileSlug(text: string): string {
  return (
    text
      .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "group"
  );
}

/** A name from `base` not in `taken` (`base`, `base2`, `base3`, ...), then marked taken. */
export function claimUnique(base: string, taken: Set<string>, separator = ""): string {
  let name = base;
  for (let counter = 2; taken.has(name); counter++) name = `${base}${separator}${counter}`;
  taken.add(name);
  return name;
}
