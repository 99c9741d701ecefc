import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hasDocComment } from "./doc-comment.js";

const root = mkdtempSync(join(tmpdir(), "mcpsmith-doc-comment-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function moduleFile(name: string, text: string): string {
  const path = join(root, name);
  writeFileSync(path, text);
  return path;
}

describe("hasDocComment", () => {
  it("finds a doc comment above a method's decorators in a TypeScript source", () => {
    const module = moduleFile(
      "weather.ts",
      `import { tool } from "@mcpsmith/runtime";
export class Weather {
  /** Current conditions for a city. */
  @tool({ input: z.object({ city: z.string().describe("the city's name (as written)") }), readOnly: true })
  async current({ city }: { city: string }) {
    // a comment that isn't closed by its apostrophe
    return { city };
  }

  @tool()
  undocumented() {
    return "{";
  }

  // A line comment is not a doc comment.
  @tool()
  commented() {}
}
`,
    );
    expect(hasDocComment(module, "Weather", "current")).toBe(true);
    expect(hasDocComment(module, "Weather", "undocumented")).toBe(false);
    expect(hasDocComment(module, "Weather", "commented")).toBe(false);
    expect(hasDocComment(module, "Forecast", "current")).toBe(false);
  });

  it("finds it in what tsc emits for a decorated class (decorators moved to a static block, comments kept)", () => {
    const module = moduleFile(
      "weather.js",
      `let Weather = (() => {
    let _current_decorators;
    return class Weather {
        static {
            _current_decorators = [tool({ readOnly: true })];
            __esDecorate(this, null, _current_decorators, { kind: "method", name: "current" }, null, []);
        }
        /** Current conditions for a city. */
        async current({ city }) { return city; }
        other() { }
    };
})();
`,
    );
    expect(hasDocComment(module, "Weather", "current")).toBe(true);
    expect(hasDocComment(module, "Weather", "other")).toBe(false);
  });

  it("looks only inside classes of that name", () => {
    const module = moduleFile(
      "two.ts",
      `class Other {
  /** Documented here. */
  current() {}
}
class Weather {
  current() {}
}
`,
    );
    expect(hasDocComment(module, "Weather", "current")).toBe(false);
    expect(hasDocComment(module, "Other", "current")).toBe(true);
  });

  it("says no when the module cannot be read", () => {
    expect(hasDocComment(join(root, "missing.js"), "Weather", "current")).toBe(false);
  });
});
