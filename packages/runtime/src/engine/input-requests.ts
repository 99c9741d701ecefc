import type {
  CreateMessageResult,
  ElicitResult,
  InputRequest,
  InputRequiredResult,
  ListRootsResult,
  ServerContext,
} from "@modelcontextprotocol/server";
import { principalOf } from "../model/auth.js";
import type { Context, ElicitAnswer, ElicitSchema } from "../model/context.js";
import { ToolError } from "../results/tool-error.js";
import { compileSchema, describeIssues, isStandardSchema } from "../schema/compile.js";
import type { SchemaInput, Validation } from "../schema/types.js";
import { inputRequired, inputResponse, isInputRequiredResult } from "../sdk.js";
import {
  type CarriedAnswer,
  callBinding,
  canonicalJson,
  invalidRequestState,
  type RequestStateSealer,
  type SealedState,
} from "./request-state.js";

/*
 * Multi round-trip requests (MRTR) behind `ctx.elicit`, `ctx.sample` and `ctx.listRoots`.
 *
 * A handler cannot be suspended across HTTP requests on a stateless server, so it is re-run instead: every input
 * call gets a stable key (its position, or the key the handler chose). When the answer for that key is at hand
 * (sent with this round, or carried from earlier rounds inside the signed requestState) the call resolves at
 * once; otherwise it records the request and throws `InputRequiredSignal`, and the engine answers
 * `input_required` with every request recorded and a signed state carrying the answers gathered so far. On
 * legacy sessions the SDK's shim turns that result into real server->client requests and re-enters the
 * handler the same way, so one code path serves both eras.
 */

/** Which of the three MRTR methods a call is, and what identifies it (a state is only valid for its call). */
export interface CallIdentity {
  method: "tools/call" | "prompts/get" | "resources/read";
  name: string;
  args?: unknown;
}

/**
 * Thrown by `ctx.elicit`/`sample`/`listRoots` while their answer is missing. The engine catches it; a handler
 * that swallows it still ends in `input_required`, because the engine looks at what was asked, not at errors.
 */
export class InputRequiredSignal extends Error {
  constructor(key: string) {
    super(
      `Input "${key}" is not answered yet: the handler stops here and runs again once the client answers ` +
        "(let this error propagate)",
    );
    this.name = "InputRequiredSignal";
  }
}

type ResponseKind = "elicit" | "sampling" | "roots";

const INPUT_ROUND = Symbol("mcpsmith.inputRound");

/** The input calls of one handler run: what was answered, what is still missing. */
class InputRound {
  readonly #sdk: ServerContext;
  #state: SealedState | undefined | null = null;
  #position = 0;
  #binding: Promise<string> | undefined;
  readonly #keys = new Set<string>();
  readonly #answered: Record<string, CarriedAnswer> = {};
  readonly #pending = new Map<string, { request: InputRequest; fingerprint: string }>();

  constructor(sdk: ServerContext) {
    this.#sdk = sdk;
  }

  /** The state this request carried, already verified and decoded by the seam (`ServerOptions.requestState`). */
  get state(): SealedState | undefined {
    if (this.#state === null) {
      const value = this.#sdk.mcpReq.requestState();
      this.#state = typeof value === "object" && value !== null ? (value as SealedState) : undefined;
    }
    return this.#state;
  }

  get idle(): boolean {
    return this.#pending.size === 0;
  }

  /**
   * Synchronous on purpose: the request is recorded before the caller's first `await`, so input calls started
   * together (`Promise.all`) all land in the same `input_required` round.
   */
  answer(chosenKey: string | undefined, request: InputRequest, kind: ResponseKind): unknown {
    const key = chosenKey ?? `input-${this.#position}`;
    this.#position += 1;
    if (this.#keys.has(key)) {
      throw new Error(
        `Input key "${key}" is used twice in one call: give each ctx.elicit/sample/listRoots its own key`,
      );
    }
    this.#keys.add(key);
    const fingerprint = fingerprintOf(request);
    const carried = this.state?.a?.[key];
    // An answer counts only for the request it answered: a re-run that asks something else here asks again.
    if (carried?.f === fingerprint) {
      this.#answered[key] = carried;
      return carried.r;
    }
    const asked = this.state?.q?.[key];
    const fresh = inputResponse(this.#sdk.mcpReq.inputResponses, key);
    if (fresh.kind === kind && (asked === undefined || asked === fingerprint)) {
      const response = this.#sdk.mcpReq.inputResponses?.[key];
      this.#answered[key] = { f: fingerprint, r: response };
      return response;
    }
    this.#pending.set(key, { request, fingerprint });
    throw new InputRequiredSignal(key);
  }

  binding(call: CallIdentity): Promise<string> {
    this.#binding ??= callBinding(call.method, call.name, call.args, principalOf(this.#sdk.http?.authInfo));
    return this.#binding;
  }

  /** A verified state minted for another call (other tool, other arguments, other client) is refused. */
  async checkBinding(call: CallIdentity): Promise<void> {
    const state = this.state;
    if (state !== undefined && state.b !== (await this.binding(call))) throw invalidRequestState();
  }

  /** The `input_required` result for what is still missing, plus any the handler returned itself. */
  async inputRequired(
    call: CallIdentity,
    sealer: RequestStateSealer,
    own: InputRequiredResult | undefined,
  ): Promise<InputRequiredResult> {
    const inputRequests: Record<string, InputRequest> = { ...own?.inputRequests };
    const asked: Record<string, string> = {};
    for (const [key, { request, fingerprint }] of this.#pending) {
      inputRequests[key] = request;
      asked[key] = fingerprint;
    }
    const state: SealedState = {
      v: 1,
      b: await this.binding(call),
      ...(Object.keys(this.#answered).length > 0 && { a: this.#answered }),
      ...(this.#pending.size > 0 && { q: asked }),
      ...(own?.requestState !== undefined && { u: own.requestState }),
    };
    return inputRequired({
      ...(Object.keys(inputRequests).length > 0 && { inputRequests }),
      requestState: await sealer.mint(state),
    });
  }
}

export type HandlerOutcome =
  | { kind: "input_required"; result: InputRequiredResult }
  | { kind: "returned"; value: unknown }
  | { kind: "threw"; error: unknown };

/**
 * Runs a tools/call, prompts/get or resources/read handler and decides what the round produced: input still
 * needed (from `ctx.elicit`... or an `inputRequired(...)` the handler returned, whose own state is then signed
 * too), a value, or an error. Refuses up front a state that belongs to another call.
 */
export async function runHandler(
  ctx: Context,
  call: CallIdentity,
  sealer: RequestStateSealer,
  handler: () => unknown,
): Promise<HandlerOutcome> {
  const round = (ctx as Partial<WithInputRound>)[INPUT_ROUND];
  // Most calls carry no state: they skip the digest and the extra await.
  if (round?.state !== undefined) await round.checkBinding(call);
  let outcome: HandlerOutcome;
  try {
    outcome = { kind: "returned", value: await handler() };
  } catch (error) {
    outcome = { kind: "threw", error };
  }
  const own = outcome.kind === "returned" && isInputRequiredResult(outcome.value) ? outcome.value : undefined;
  if (!round || (round.idle && own === undefined)) return outcome;
  return { kind: "input_required", result: await round.inputRequired(call, sealer, own) };
}

interface WithInputRound {
  [INPUT_ROUND]: InputRound;
}

/** A handler context before `withInputApi` adds the members this module implements. */
export type ContextWithoutInput = Omit<Context, "elicit" | "sample" | "listRoots" | "inputResponses" | "requestState">;

/**
 * Adds the input members to a handler context. Plain values, not getters: a context is built per request (and per
 * legacy-shim re-entry), and defining accessors cost more than the rest of the context put together.
 */
export function withInputApi(base: ContextWithoutInput, sdk: ServerContext): Context {
  const round = new InputRound(sdk);
  const members: Omit<Context, keyof ContextWithoutInput> & WithInputRound = {
    [INPUT_ROUND]: round,
    // The SDK has already dropped entries that are not bare response objects.
    inputResponses: sdk.mcpReq.inputResponses as Context["inputResponses"],
    requestState: round.state?.u,
    async elicit(message, schema, options) {
      const form = elicitForm(schema);
      const request = inputRequired.elicit({ message, requestedSchema: form.requestedSchema });
      const answer = round.answer(options?.key, request, "elicit") as ElicitResult;
      if (answer.action !== "accept") return { action: answer.action };
      const checked: Validation = await form.validate(answer.content ?? {});
      if (!checked.ok) {
        throw new ToolError(`The answer to "${message}" does not fit the form: ${describeIssues(checked.issues)}`);
      }
      return { action: "accept", content: checked.value } as ElicitAnswer<never>;
    },
    async sample(params, options) {
      return round.answer(options?.key, inputRequired.createMessage(params), "sampling") as CreateMessageResult;
    },
    async listRoots(options) {
      return (round.answer(options?.key, inputRequired.listRoots(), "roots") as ListRootsResult).roots;
    },
  };
  return Object.assign(base, members);
}

interface ElicitForm {
  requestedSchema: Extract<InputRequest["params"], { requestedSchema: unknown }>["requestedSchema"];
  validate(value: unknown): Validation | Promise<Validation>;
}

// Schemas are usually module constants; converting and compiling one is the costly part, so it happens once.
const forms = new WeakMap<object, ElicitForm>();

/**
 * The wire form of an elicitation schema and the validator for answers. The SDK converts it and checks it
 * against the spec's restricted shape (flat primitives, string formats, enums), throwing a TypeError that
 * names what cannot be expressed; a JSON Schema goes through the same check as a zod schema.
 */
function elicitForm(schema: ElicitSchema): ElicitForm {
  let form = forms.get(schema);
  if (form) return form;
  const standard = isStandardSchema(schema) ? schema : jsonAsStandardSchema(schema);
  const { params } = inputRequired.elicit({ message: "", requestedSchema: standard as never });
  const compiled = compileSchema(schema as SchemaInput, "ctx.elicit schema", "input");
  form = { requestedSchema: (params as ElicitForm & object).requestedSchema, validate: compiled.validate };
  forms.set(schema, form);
  return form;
}

function jsonAsStandardSchema(json: Record<string, unknown>) {
  return {
    "~standard": {
      version: 1,
      vendor: "mcpsmith-json-schema",
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}

/**
 * A short digest of an input request, to notice a handler that asks something else at the same key on a
 * later round. Not a security measure (the state is signed), so a fast non-cryptographic hash (cyrb53) will do.
 */
function fingerprintOf(request: InputRequest): string {
  const text = canonicalJson(request);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
