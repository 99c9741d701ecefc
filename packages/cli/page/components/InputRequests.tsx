import { useMemo, useState } from "preact/hooks";
import type { PendingInput } from "../../src/devpage/model.ts";
import { answerInput } from "../api.ts";
import { argumentsOf, fieldsOf, type Values } from "../fields.ts";
import { SchemaFields } from "./SchemaFields.tsx";

/** Questions a tool called from the page asked (elicitations): each answered here, or declined. */
export function InputRequests({ inputs }: { inputs: PendingInput[] }) {
  return (
    <>
      {inputs.map((input) => (
        <Question key={input.id} input={input} />
      ))}
    </>
  );
}

function Question({ input }: { input: PendingInput }) {
  const fields = useMemo(() => fieldsOf(input.schema), [input.schema]);
  const [values, setValues] = useState<Values>({});
  const [problems, setProblems] = useState<Record<string, unknown>>({});

  function accept(event: Event) {
    event.preventDefault();
    const { args, problems: found } = argumentsOf(fields, values);
    setProblems(found);
    if (args) void answerInput(input.id, "accept", args);
  }

  return (
    <div class="question" role="dialog" aria-label="the server asks">
      <form onSubmit={accept}>
        <h2>The server asks</h2>
        <p>{input.message}</p>
        <SchemaFields
          fields={fields}
          values={values}
          problems={problems}
          idPrefix={`input-${input.id}`}
          onChange={(name, value) => setValues({ ...values, [name]: value })}
        />
        <button type="submit">Accept</button>
        <button type="button" onClick={() => void answerInput(input.id, "decline")}>
          Decline
        </button>
        <button type="button" onClick={() => void answerInput(input.id, "cancel")}>
          Cancel
        </button>
      </form>
    </div>
  );
}
