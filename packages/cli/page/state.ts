import type { CallEntry, PageState, PageUpdate } from "../src/devpage/model.ts";

/** The page's state: what the dev process sent, plus whether the event stream is connected. */
export interface ViewState extends PageState {
  connected: boolean;
}

export const EMPTY: ViewState = {
  connected: false,
  server: { state: "waiting", transport: "http", starts: 0, canCall: false },
  calls: [],
  events: [],
  inputs: [],
};

export type Action = PageUpdate | { type: "connected"; connected: boolean };

/** Applies one update from the dev process (calls are replaced whole, by id). */
export function reduce(state: ViewState, action: Action): ViewState {
  switch (action.type) {
    case "connected":
      return { ...state, connected: action.connected };
    case "state":
      return { ...action.state, connected: true };
    case "server":
      return { ...state, server: action.server };
    case "catalogue":
      return { ...state, catalogue: action.catalogue };
    case "event":
      return { ...state, events: [...state.events, action.event].slice(-200) };
    case "inputs":
      return { ...state, inputs: action.inputs };
    case "call":
      return { ...state, calls: upsert(state.calls, action.call) };
  }
}

function upsert(calls: CallEntry[], call: CallEntry): CallEntry[] {
  const index = calls.findIndex((kept) => kept.id === call.id);
  if (index === -1) return [...calls, call].slice(-300);
  const next = calls.slice();
  next[index] = call;
  return next;
}
