import { useEffect, useReducer, useState } from "preact/hooks";
import type { PageUpdate } from "../../src/devpage/model.ts";
import { openEvents } from "../api.ts";
import { EMPTY, reduce } from "../state.ts";
import { CallLog } from "./CallLog.tsx";
import { Catalogue } from "./Catalogue.tsx";
import { Events } from "./Events.tsx";
import { Header } from "./Header.tsx";
import { InputRequests } from "./InputRequests.tsx";
import { ToolForm } from "./ToolForm.tsx";

export function App() {
  const [state, dispatch] = useReducer(reduce, EMPTY);
  const [selected, select] = useState<string | undefined>(undefined);
  useEffect(
    () =>
      openEvents(
        (data) => dispatch(JSON.parse(data) as PageUpdate),
        (connected) => dispatch({ type: "connected", connected }),
      ),
    [],
  );
  const tools = state.catalogue?.tools ?? [];
  const tool = tools.find((candidate) => candidate.name === selected) ?? tools[0];
  return (
    <>
      <Header server={state.server} connected={state.connected} />
      <main>
        <aside class="catalogue">
          <Catalogue catalogue={state.catalogue} selected={tool?.name} onSelect={select} />
        </aside>
        <section class="work">
          <InputRequests inputs={state.inputs} />
          {tool && (
            <ToolForm key={`${tool.name} ${JSON.stringify(tool.inputSchema)}`} tool={tool} server={state.server} />
          )}
          <CallLog calls={state.calls} />
        </section>
        <aside class="events">
          <Events events={state.events} />
        </aside>
      </main>
    </>
  );
}
