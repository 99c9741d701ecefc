import { audio, type Context, embedded, image, prompt, resource, ToolError, text, tool } from "@mcpsmith/runtime";
import { z } from "zod";
import {
  JSON_SCHEMA_2020_12,
  PNG_BASE64,
  SEP1034_DEFAULTS_SCHEMA,
  SEP1330_ENUMS_SCHEMA,
  WAV_BASE64,
  X_MCP_HEADER_SCHEMA,
} from "./fixtures.js";

const NO_ARGS = z.object({});

/** The one-field forms the multi round-trip scenarios ask for, as JSON Schema (zod objects work too). */
const form = (field: string, type: "string" | "boolean") => ({
  type: "object",
  properties: { [field]: { type } },
  required: [field],
});
const NAME_FORM = form("name", "string");
const CONFIRM_FORM = form("ok", "boolean");

/** The text of a sampling result (`content` is one block, or several on newer revisions). */
function sampledText(result: { content: unknown }): string {
  const blocks = (Array.isArray(result.content) ? result.content : [result.content]) as { text?: string }[];
  return blocks.map((block) => block.text ?? "").join("");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server the official conformance suite (`@modelcontextprotocol/conformance`) tests: every tool, resource
 * and prompt its scenarios call by name, with the behaviour each checks, after the SDK's reference
 * `everythingServer.ts`. Written only with mcpsmith's decorators and context: no SDK registration.
 */
export class ConformanceServer {
  // ===== Content types =====

  @tool({ name: "test_simple_text", description: "Tests simple text content response" })
  simpleText() {
    return "This is a simple text response for testing.";
  }

  @tool({ name: "test_image_content", description: "Tests image content response" })
  imageContent() {
    return image(PNG_BASE64, "image/png");
  }

  @tool({ name: "test_audio_content", description: "Tests audio content response" })
  audioContent() {
    return audio(WAV_BASE64, "audio/wav");
  }

  @tool({ name: "test_embedded_resource", description: "Tests embedded resource content response" })
  embeddedResource() {
    return embedded("test://embedded-resource", "This is an embedded resource content.", { mimeType: "text/plain" });
  }

  @tool({
    name: "test_multiple_content_types",
    description: "Tests response with multiple content types (text, image, resource)",
  })
  multipleContentTypes() {
    return [
      text("Multiple content types test:"),
      image(PNG_BASE64, "image/png"),
      embedded("test://mixed-content-resource", JSON.stringify({ test: "data", value: 123 }), {
        mimeType: "application/json",
      }),
    ];
  }

  @tool({ name: "test_error_handling", description: "Tests error response handling" })
  errorHandling(): never {
    throw new ToolError("This tool intentionally returns an error for testing");
  }

  // ===== Progress and logging =====

  @tool({
    name: "test_tool_with_progress",
    description: "Tests tool that reports progress notifications",
    input: NO_ARGS,
  })
  async toolWithProgress(_args: object, ctx: Context) {
    for (const done of [0, 50, 100]) {
      await ctx.progress(done, 100, `Completed step ${done} of 100`);
      if (done < 100) await sleep(50);
    }
    return "Progress reported: 0, 50 and 100 of 100 (when the request carried a progressToken).";
  }

  @tool({
    name: "test_tool_with_logging",
    description: "Tests tool that emits log messages during execution",
    input: NO_ARGS,
  })
  async toolWithLogging(_args: object, ctx: Context) {
    await ctx.log("info", "Tool execution started");
    await sleep(50);
    await ctx.log("info", "Tool processing data");
    await sleep(50);
    await ctx.log("info", "Tool execution completed");
    return "Tool with logging executed successfully";
  }

  @tool({
    name: "test_logging_tool",
    description: "Logs through the context, so the no-log-without-logLevel rule is exercised (SEP-2575)",
    input: NO_ARGS,
  })
  async loggingTool(_args: object, ctx: Context) {
    await ctx.log("info", "test_logging_tool ran (delivered only when the request asked for a log level)");
    return "logged through the request-scoped, logLevel-gated channel";
  }

  @tool({
    name: "test_streaming_elicitation",
    description: "SEP-2575: answers with result frames only, never an independent request on the response stream",
    input: NO_ARGS,
  })
  streamingElicitation() {
    return "stream observed: result frames only, no top-level requests";
  }

  // ===== Schemas =====

  @tool({
    name: "json_schema_2020_12_tool",
    description: "Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613, SEP-2106)",
    input: JSON_SCHEMA_2020_12,
  })
  jsonSchema2020(args: Record<string, unknown>) {
    return `JSON Schema 2020-12 tool called with: ${JSON.stringify(args)}`;
  }

  @tool({
    name: "test_x_mcp_header",
    description: "Tests SEP-2243 Mcp-Param-* server-side validation",
    input: X_MCP_HEADER_SCHEMA,
  })
  xMcpHeader(args: { region?: string }) {
    return `region=${args.region ?? "<none>"}`;
  }

  // ===== Server -> client requests (2025-11-25 sessions: real requests; 2026-07-28: input_required rounds) =====

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

  // ===== List changes (SEP-2575 subscriptions/listen; legacy list_changed notifications) =====

  @tool({
    name: "test_trigger_tool_change",
    description: "Adds or removes the tool test_dynamic_tool, so every listening client hears tools/list_changed",
    input: NO_ARGS,
  })
  triggerToolChange(_args: object, ctx: Context) {
    if (ctx.server.removeTool("test_dynamic_tool")) return "test_dynamic_tool removed: tools/list_changed sent";
    ctx.server.addTool(
      "test_dynamic_tool",
      { description: "Added at run time by test_trigger_tool_change" },
      () => "This tool was added while the server was running.",
    );
    return "test_dynamic_tool added: tools/list_changed sent";
  }

  @tool({
    name: "test_trigger_prompt_change",
    description: "Adds or removes the prompt test_dynamic_prompt, so every listening client hears prompts/list_changed",
    input: NO_ARGS,
  })
  triggerPromptChange(_args: object, ctx: Context) {
    if (ctx.server.removePrompt("test_dynamic_prompt")) return "test_dynamic_prompt removed: prompts/list_changed sent";
    ctx.server.addPrompt(
      "test_dynamic_prompt",
      { description: "Added at run time by test_trigger_prompt_change" },
      () => "This prompt was added while the server was running.",
    );
    return "test_dynamic_prompt added: prompts/list_changed sent";
  }

  @tool({
    name: "test_trigger_resource_update",
    description:
      "Tells clients subscribed to test://watched-resource that it changed (notifications/resources/updated)",
    input: NO_ARGS,
  })
  triggerResourceUpdate(_args: object, ctx: Context) {
    ctx.notify.resourceUpdated("test://watched-resource");
    return "notifications/resources/updated sent for test://watched-resource";
  }

  // ===== Resources =====

  @resource("test://static-text", {
    name: "static-text",
    title: "Static Text Resource",
    description: "A static text resource for testing",
    mimeType: "text/plain",
  })
  staticText() {
    return "This is the content of the static text resource.";
  }

  @resource("test://static-binary", {
    name: "static-binary",
    title: "Static Binary Resource",
    description: "A static binary resource (image) for testing",
    mimeType: "image/png",
  })
  staticBinary() {
    return Buffer.from(PNG_BASE64, "base64");
  }

  @resource("test://watched-resource", {
    name: "watched-resource",
    title: "Watched Resource",
    description: "Static resource registered for subscribe/unsubscribe testing",
    mimeType: "text/plain",
  })
  watchedResource() {
    return "Watched resource content";
  }

  @resource("test://template/{id}/data", {
    name: "template",
    title: "Resource Template",
    description: "A resource template with parameter substitution",
    mimeType: "application/json",
  })
  templateData({ id }: Record<string, string>) {
    return { id, templateTest: true, data: `Data for ID: ${id}` };
  }

  // ===== Prompts =====

  @prompt({ name: "test_simple_prompt", title: "Simple Test Prompt", description: "A simple prompt without arguments" })
  simplePrompt() {
    return "This is a simple prompt for testing.";
  }

  @prompt({
    name: "test_prompt_with_arguments",
    title: "Prompt With Arguments",
    description: "A prompt with required arguments",
    args: z.object({
      arg1: z.string().describe("First test argument"),
      arg2: z.string().describe("Second test argument"),
    }),
    // The suite only needs completion/complete to answer; offering values shows the feature.
    complete: { arg1: ["paris", "park", "party"], arg2: ["alpha", "beta"] },
  })
  promptWithArguments({ arg1, arg2 }: { arg1: string; arg2: string }) {
    return `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`;
  }

  @prompt({
    name: "test_prompt_with_embedded_resource",
    title: "Prompt With Embedded Resource",
    description: "A prompt that includes an embedded resource",
    args: z.object({ resourceUri: z.string().describe("URI of the resource to embed") }),
  })
  promptWithEmbeddedResource({ resourceUri }: { resourceUri: string }) {
    return [
      embedded(resourceUri, "Embedded resource content for testing.", { mimeType: "text/plain" }),
      "Please process the embedded resource above.",
    ];
  }

  @prompt({
    name: "test_input_required_result_prompt",
    title: "MRTR Prompt",
    description: "MRTR (SEP-2322): prompt that requires elicitation input before rendering",
  })
  async inputRequiredPrompt(_args: object, ctx: Context) {
    const answer = await ctx.elicit("What context should the prompt use?", form("context", "string"), {
      key: "user_context",
    });
    return `Use the following context: ${answer.action === "accept" ? answer.content.context : "(none given)"}`;
  }

  @prompt({
    name: "test_prompt_with_image",
    title: "Prompt With Image",
    description: "A prompt that includes image content",
  })
  promptWithImage() {
    return [image(PNG_BASE64, "image/png"), "Please analyze the image above."];
  }
}
