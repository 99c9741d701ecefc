// A tool's input schema as form fields, and the form's values as the call's arguments. Flat properties of a simple
// type get a control of their own (text, number, checkbox, choice); anything else (objects, arrays, unions) is
// edited as JSON, so every schema can be called.

type Schema = Record<string, unknown>;

export interface Field {
  name: string;
  control: "text" | "number" | "integer" | "checkbox" | "choice" | "json";
  required: boolean;
  description?: string;
  choices?: string[];
  /** What the control starts with: the schema's default, as the control shows it. */
  initial: string | boolean;
}

export function fieldsOf(schema: Schema): Field[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return Object.entries(properties).map(([name, raw]) => {
    const property = isObject(raw) ? raw : {};
    const control = controlOf(property);
    const field: Field = { name, control, required: required.has(name), initial: initialOf(property, control) };
    if (typeof property.description === "string") field.description = property.description;
    if (control === "choice") field.choices = (property.enum as unknown[]).map(String);
    return field;
  });
}

function controlOf(property: Schema): Field["control"] {
  if (Array.isArray(property.enum) && property.enum.every((value) => typeof value === "string")) return "choice";
  const type = Array.isArray(property.type) ? property.type.filter((name) => name !== "null") : [property.type];
  if (type.length !== 1) return "json";
  if (type[0] === "string") return "text";
  if (type[0] === "number") return "number";
  if (type[0] === "integer") return "integer";
  if (type[0] === "boolean") return "checkbox";
  return "json";
}

function initialOf(property: Schema, control: Field["control"]): string | boolean {
  const value = property.default;
  if (control === "checkbox") return value === true;
  if (value === undefined) return "";
  return control === "json" ? JSON.stringify(value, null, 2) : String(value);
}

export type Values = Record<string, string | boolean>;

/** The arguments the form's values make, or the problems that stop the call (by field). */
export function argumentsOf(fields: readonly Field[], values: Values): { args?: Schema; problems: Schema } {
  const args: Schema = {};
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name] ?? field.initial;
    if (field.control === "checkbox") {
      if (value === true || field.required) args[field.name] = value === true;
      continue;
    }
    const text = String(value).trim();
    if (text === "") {
      if (field.required) problems[field.name] = "required";
      continue;
    }
    if (field.control === "number" || field.control === "integer") {
      const number = Number(text);
      if (!Number.isFinite(number)) problems[field.name] = "not a number";
      else if (field.control === "integer" && !Number.isInteger(number)) problems[field.name] = "not a whole number";
      else args[field.name] = number;
    } else if (field.control === "json") {
      try {
        args[field.name] = JSON.parse(text);
      } catch {
        problems[field.name] = "not valid JSON";
      }
    } else args[field.name] = String(value);
  }
  return Object.keys(problems).length > 0 ? { problems } : { args, problems };
}

function isObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
