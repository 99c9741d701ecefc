import { type Context, tool } from "@mcpsmith/runtime";
import { z } from "zod";
import { SEP1034_DEFAULTS_SCHEMA, SEP1330_ENUMS_SCHEMA } from "./fixtures.js";
import { CONFIRM_FORM, form, NAME_FORM, NO_ARGS, sampledText } from "./shared.js";

/** Server-to-client requests: real requests on 2025-11-25 sessions, input_required rounds on 2026-07-28 (SEP-2322); the input keys are the ones the scenarios name. */
export class InputFixtures {
  @tool({
    name: "test_sampling",
    description: "Tests server-initiated sampling (LLM completion request)",
    input: z.object({ prompt: z.string().describe("The prompt to send to the LLM") }),
  })
  async sampling({ prompt }: { prompt: string }, ctx: Context) {
    const result = await ctx.sample({
      messages: [{ role: "user", content: { type: "text", text: prompt } }],
      maxTokens: 100,
    });
    return `LLM response: ${sampledText(result)}`;
  }

  @tool({
    name: "test_elicitation",
    description: "Tests server-initiated elicitation (user input request)",
    input: z.object({ message: z.string().describe("The message to show the user") }),
  })
  async elicitation({ message }: { message: string }, ctx: Context) {
    const answer = await ctx.elicit(message, {
      type: "object",
      properties: { response: { type: "string", description: "User's response" } },
      required: ["response"],
    });
    const content = answer.action === "accept" ? answer.content : {};
    return `User response: action=${answer.action}, content=${JSON.stringify(content)}`;
  }

  @tool({
    name: "test_elicitation_sep1034_defaults",
    description: "Tests elicitation with default values per SEP-1034",
    input: NO_ARGS,
  })
  async elicitationDefaults(_args: object, ctx: Context) {
    const answer = await ctx.elicit("Please review and update the form fields with defaults", SEP1034_DEFAULTS_SCHEMA);
    const content = answer.action === "accept" ? answer.content : {};
    return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(content)}`;
  }

  @tool({
    name: "test_elicitation_sep1330_enums",
    description: "Tests elicitation with enum schema improvements per SEP-1330",
    input: NO_ARGS,
  })
  async elicitationEnums(_args: object, ctx: Context) {
    const answer = await ctx.elicit("Please select options from the enum fields", SEP1330_ENUMS_SCHEMA);
    const content = answer.action === "accept" ? answer.content : {};
    return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(content)}`;
  }

  @tool({
    name: "test_missing_capability",
    description:
      "SEP-2575: needs the sampling client capability (a client that did not declare it gets -32021, HTTP 400)",
    input: NO_ARGS,
  })
  async missingCapability(_args: object, ctx: Context) {
    await ctx.sample(
      {
        messages: [{ role: "user", content: { type: "text", text: "Reply with the single word: pong" } }],
        maxTokens: 16,
      },
      { key: "llm_answer" },
    );
    return "sampling round-trip complete";
  }

  // ===== Multi round-trip requests (SEP-2322): the input keys are the ones the scenarios name =====

  @tool({
    name: "test_input_required_result_elicitation",
    description: "MRTR (SEP-2322): asks for the caller name via an in-band elicitation request",
    input: NO_ARGS,
  })
  async inputElicitation(_args: object, ctx: Context) {
    const answer = await ctx.elicit("What is your name?", NAME_FORM, { key: "user_name" });
    return answer.action === "accept" ? `Hello, ${answer.content.name}!` : `No name given (${answer.action}).`;
  }

  @tool({
    name: "test_input_required_result_sampling",
    description: "MRTR (SEP-2322): asks for an LLM completion via an in-band sampling request",
    input: NO_ARGS,
  })
  async inputSampling(_args: object, ctx: Context) {
    const result = await ctx.sample(
      {
        messages: [{ role: "user", content: { type: "text", text: "What is the capital of France?" } }],
        maxTokens: 100,
      },
      { key: "capital_question" },
    );
    return `Sampling response: ${sampledText(result)}`;
  }

  @tool({
    name: "test_input_required_result_list_roots",
    description: "MRTR (SEP-2322): asks for the client roots via an in-band roots/list request",
    input: NO_ARGS,
  })
  async inputListRoots(_args: object, ctx: Context) {
    const roots = await ctx.listRoots({ key: "client_roots" });
    return `Client exposed ${roots.length} root(s): ${roots.map((root) => root.uri).join(", ")}`;
  }

  @tool({
    name: "test_input_required_result_request_state",
    description: "MRTR (SEP-2322): round-trips signed requestState alongside an elicitation request",
    input: NO_ARGS,
  })
  async inputRequestState(_args: object, ctx: Context) {
    // mcpsmith signs every requestState (HMAC, with an expiry) and checks it before this handler runs again.
    const answer = await ctx.elicit("Please confirm", CONFIRM_FORM, { key: "confirm" });
    return `state-ok: requestState verified and confirmation received (${answer.action})`;
  }

  @tool({
    name: "test_input_required_result_multiple_inputs",
    description: "MRTR (SEP-2322): asks for elicitation, sampling and roots input in a single round",
    input: NO_ARGS,
  })
  async inputMultiple(_args: object, ctx: Context) {
    // Started together, so all three travel in one input_required round.
    const [name, greeting, roots] = await Promise.all([
      ctx.elicit("What is your name?", NAME_FORM, { key: "user_name" }),
      ctx.sample(
        { messages: [{ role: "user", content: { type: "text", text: "Generate a greeting" } }], maxTokens: 50 },
        { key: "greeting" },
      ),
      ctx.listRoots({ key: "client_roots" }),
    ]);
    const who = name.action === "accept" ? name.content.name : "stranger";
    return `${sampledText(greeting)} ${who} — ${roots.length} root(s) visible`;
  }

  @tool({
    name: "test_input_required_result_multi_round",
    description: "MRTR (SEP-2322): two elicitation rounds with evolving requestState before completing",
    input: NO_ARGS,
  })
  async inputMultiRound(_args: object, ctx: Context) {
    // One after the other: the second round's state carries the first answer, so it differs from the first's.
    const name = await ctx.elicit("Step 1: What is your name?", NAME_FORM, { key: "step1" });
    const color = await ctx.elicit("Step 2: What is your favorite color?", form("color", "string"), { key: "step2" });
    const who = name.action === "accept" ? name.content.name : "unknown";
    const likes = color.action === "accept" ? color.content.color : "unknown";
    return `Multi-round complete: ${who} likes ${likes}`;
  }

  @tool({
    name: "test_input_required_result_tampered_state",
    description: "MRTR (SEP-2322): rejects retries whose requestState fails integrity verification",
    input: NO_ARGS,
  })
  async inputTamperedState(_args: object, ctx: Context) {
    // A tampered, expired or foreign requestState never reaches this handler: mcpsmith answers -32602.
    await ctx.elicit("Please confirm", CONFIRM_FORM, { key: "confirm" });
    return "integrity-ok: requestState verified";
  }

  @tool({
    name: "test_input_required_result_capabilities",
    description: "MRTR (SEP-2322): only requests input kinds the declared client capabilities cover",
    input: NO_ARGS,
  })
  async inputCapabilities(_args: object, ctx: Context) {
    const declared = ctx.client.capabilities;
    const asked: Promise<unknown>[] = [];
    if (declared.elicitation !== undefined)
      asked.push(ctx.elicit("What is your name?", NAME_FORM, { key: "user_name" }));
    if (declared.sampling !== undefined) {
      asked.push(
        ctx.sample(
          { messages: [{ role: "user", content: { type: "text", text: "Generate a short greeting" } }], maxTokens: 50 },
          { key: "greeting" },
        ),
      );
    }
    if (declared.roots !== undefined) asked.push(ctx.listRoots({ key: "client_roots" }));
    if (asked.length === 0) return "No declared client capability supports an in-band input request";
    await Promise.all(asked);
    return "Capability-aware input requests fulfilled";
  }
}
