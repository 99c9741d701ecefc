import type { Field, Values } from "../fields.ts";

interface Props {
  fields: readonly Field[];
  values: Values;
  problems: Record<string, unknown>;
  onChange(name: string, value: string | boolean): void;
  /** Keeps two forms' ids apart (a tool's form and a question's). */
  idPrefix: string;
}

/** One labelled control per field of a schema. */
export function SchemaFields({ fields, values, problems, onChange, idPrefix }: Props) {
  return (
    <>
      {fields.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        const value = values[field.name] ?? field.initial;
        const problem = problems[field.name];
        return (
          <div class="field" key={field.name}>
            <label for={id}>
              {field.name}
              {field.required && <span class="required"> *</span>}
              {field.control === "json" && <span class="muted"> (JSON)</span>}
            </label>
            <Control field={field} id={id} value={value} onChange={(next) => onChange(field.name, next)} />
            {field.description && <span class="hint">{field.description}</span>}
            {typeof problem === "string" && <span class="problem">{problem}</span>}
          </div>
        );
      })}
    </>
  );
}

function Control(props: {
  field: Field;
  id: string;
  value: string | boolean;
  onChange(value: string | boolean): void;
}) {
  const { field, id, value, onChange } = props;
  const text = (event: Event) => onChange((event.currentTarget as HTMLInputElement).value);
  if (field.control === "checkbox") {
    return (
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    );
  }
  if (field.control === "choice") {
    return (
      <select id={id} value={String(value)} onChange={text}>
        <option value="">—</option>
        {field.choices?.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    );
  }
  if (field.control === "json") return <textarea id={id} rows={3} value={String(value)} onInput={text} />;
  if (field.control === "number" || field.control === "integer") {
    return <input id={id} type="number" value={String(value)} onInput={text} />;
  }
  return <input id={id} type="text" value={String(value)} onInput={text} />;
}
