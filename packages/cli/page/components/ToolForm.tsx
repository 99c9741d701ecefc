import { useMemo, useState } from "preact/hooks";
import type { CallOutcome, CatalogueTool, ServerStatus } from "../../src/devpage/model.ts";
import { callTool } from "../api.ts";
import { argumentsOf, fieldsOf, type Values } from "../fields.ts";
import { thousands } from "../format.ts";
import { SchemaFields } from "./SchemaFields.tsx";

/** A tool's form, built from its input schema, and the answer of the last call made with it. */
export function ToolForm({ tool, server }: { tool: CatalogueTool; server: ServerStatus }) {
  const fields = useMemo(() => fieldsOf(tool.inputSchema), [tool.inputSchema]);
  const [values, setValues] = useState<Values>({});
  const [problems, setProblems] = useState<Record<string, unknown>>({});
  const [calling, setCalling] = useState(false);
  const [outcome, setOutcome] = useState<CallOutcome | undefined>(undefined);

  async function submit(event: Event) {
    event.preventDefault();
    const { args, problems: found } = argumentsOf(fields, values);
    setProblems(found);
    if (!args) return;
    setCalling(true);
    setOutcome(await callTool(tool.name, args));
    setCalling(false);
  }

  return (
    <form class="tool-form" aria-label={`call ${tool.name}`} onSubmit={submit}>
      <h2>
        {tool.title ?? tool.name} <span class="muted">{thousands(tool.tokens)} tokens in tools/list</span>
      </h2>
      {tool.description && <p class="description">{tool.description}</p>}
      <SchemaFields
        fields={fields}
        values={values}
        problems={problems}
        idPrefix="arg"
        onChange={(name, value) => setValues({ ...values, [name]: value })}
      />
      <button type="submit" disabled={calling || !server.canCall} title={server.canCall ? "" : server.note}>
        {calling ? "Calling…" : `Call ${tool.name}`}
      </button>
      {outcome && <Outcome outcome={outcome} />}
    </form>
  );
}

/** What the tool answered: its structured content, else its content, as the model would read it. */
function Outcome({ outcome }: { outcome: CallOutcome }) {
  const failed = !outcome.ok || outcome.result.isError === true;
  const shown = outcome.ok
    ? JSON.stringify(outcome.result.structuredContent ?? outcome.result.content ?? outcome.result, null, 2)
    : outcome.error;
  return (
    <section aria-label="call result">
      <h3>{failed ? "Error" : "Result"}</h3>
      <pre class={`result ${failed ? "error" : ""}`}>{shown}</pre>
    </section>
  );
}
