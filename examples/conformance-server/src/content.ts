import { audio, type Context, embedded, image, ToolError, text, tool } from "@mcpsmith/runtime";
import { JSON_SCHEMA_2020_12, PNG_BASE64, WAV_BASE64, X_MCP_HEADER_SCHEMA } from "./fixtures.js";
import { NO_ARGS, sleep } from "./shared.js";

/** Content types, progress, logging and schemas: what a tool result and a tool schema can carry. */
export class ContentFixtures {
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
}
