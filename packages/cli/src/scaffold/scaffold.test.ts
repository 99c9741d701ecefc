import { PROJECT_VERSIONS } from "@mcpsmith/codegen";
import { describe, expect, it } from "vitest";
import { CliError } from "../errors.js";
import { REPO_ROOT } from "../test-support.js";
import { blankView } from "./blank-view.js";
import { classNameFor, packageNameFor, uriSchemeFor } from "./names.js";
import { detectPackageManager, installCommand, localDependency, localOverrides, runScript } from "./package-manager.js";
import { renderTemplate } from "./render.js";

describe("project names", () => {
  it("derives a package name from the folder, or checks the one given", () => {
    expect(packageNameFor("/tmp/My Weather Server", undefined)).toBe("my-weather-server");
    expect(packageNameFor("/tmp/.hidden_thing", undefined)).toBe("hidden_thing");
    expect(packageNameFor("/tmp/x", "@me/weather")).toBe("@me/weather");
    expect(() => packageNameFor("/tmp/x", "Bad Name")).toThrow(CliError);
    expect(() => packageNameFor("/tmp/日本", undefined)).toThrow(
      expect.objectContaining({ hint: expect.stringContaining("--name") }),
    );
  });

  it("makes class names and URI schemes that are valid", () => {
    expect(classNameFor("weather-server")).toBe("WeatherServer");
    expect(classNameFor("@me/my_api.v2")).toBe("MyApiV2");
    expect(classNameFor("42-things")).toBe("Server42Things");
    expect(uriSchemeFor("@me/weather_api")).toBe("weather-api");
    expect(uriSchemeFor("42things")).toBe("mcp-42things");
  });
});

describe("package managers", () => {
  it("detects the one that launched us", () => {
    expect(detectPackageManager({ npm_config_user_agent: "pnpm/10.3.0 npm/? node/v20.20.2 linux x64" })).toBe("pnpm");
    expect(detectPackageManager({ npm_config_user_agent: "bun/1.2.0" })).toBe("bun");
    expect(detectPackageManager({})).toBe("npm");
  });

  it("spells scripts, installs and local links in each one's dialect", () => {
    expect(runScript("npm", "build")).toBe("npm run build");
    expect(runScript("npm", "test")).toBe("npm test");
    expect(runScript("bun", "test")).toBe("bun run test");
    expect(runScript("pnpm", "dev")).toBe("pnpm dev");
    expect(installCommand("pnpm", true)).toEqual(["pnpm", "install", "--prefer-offline", "--no-frozen-lockfile"]);
    expect(installCommand("npm", false)).toEqual(["npm", "install"]);
    expect(localDependency("pnpm", "/src/runtime")).toBe("link:/src/runtime");
    expect(localDependency("npm", "/src/runtime")).toBe("file:/src/runtime");
    expect(installCommand("yarn", true)).toEqual(["yarn", "install", "--prefer-offline", "--ignore-engines"]);
    expect(installCommand("bun", true)).toEqual(["bun", "install"]);
  });

  it("points the checkout's own workspace:* packages at the checkout for yarn and bun with --local", () => {
    expect(localOverrides("yarn", "/src")).toEqual({
      "@mcpsmith/runtime": "link:/src/packages/runtime",
      "@mcpsmith/codegen": "link:/src/packages/codegen",
    });
    expect(localOverrides("bun", "/src")["@mcpsmith/codegen"]).toBe("file:/src/packages/codegen");
    expect(localOverrides("pnpm", "/src")).toEqual({});
    const view = blankView({
      dir: "/home/dev/weather",
      packageName: "weather",
      transport: "stdio",
      pm: "yarn",
      mcpsmithVersion: "^0.1.0",
      localWorkspace: "/src",
    });
    expect(view.packageJson.resolutions).toEqual({
      vite: PROJECT_VERSIONS.vite,
      "@mcpsmith/runtime": "link:/src/packages/runtime",
      "@mcpsmith/codegen": "link:/src/packages/codegen",
    });
  });
});

describe("the blank template", () => {
  it.each(["npm", "pnpm", "yarn", "bun"] as const)("renders a complete project for %s", (pm) => {
    const view = blankView({
      dir: "/home/dev/weather",
      packageName: "weather",
      transport: "stdio",
      pm,
      mcpsmithVersion: "^0.1.0",
    });
    const files = renderTemplate(`${REPO_ROOT}templates/blank`, view);
    expect([...files.keys()].sort()).toEqual([
      ".gitignore",
      "README.md",
      "package.json",
      "src/main.ts",
      "src/server.test.ts",
      "src/server.ts",
      "tsconfig.build.json",
      "tsconfig.json",
      "vitest.config.ts",
    ]);
    const manifest = JSON.parse(files.get("package.json")!);
    expect(Object.keys(manifest.scripts)).toEqual(expect.arrayContaining(["dev", "build", "start", "test", "inspect"]));
    expect(manifest.scripts.dev).toBe("mcpsmith dev --http");
    expect(manifest.dependencies["@mcpsmith/runtime"]).toBe("^0.1.0");
    expect(JSON.stringify(manifest)).toContain('"vite":"7.3.8"');
    expect(files.get("src/server.ts")).toContain("export class Weather {");
    expect(files.get("src/server.test.ts")).toContain('from "@mcpsmith/runtime/testing"');
    for (const [path, content] of files) expect(content, path).not.toMatch(/\{\{|\}\}/);
  });

  it("puts working host entries in the README for both transports", () => {
    const common = { dir: "/srv/weather", packageName: "weather", pm: "npm", mcpsmithVersion: "^0.1.0" } as const;
    const stdio = renderTemplate(`${REPO_ROOT}templates/blank`, blankView({ ...common, transport: "stdio" }));
    const readme = stdio.get("README.md")!;
    for (const host of ["Claude Desktop", "Cursor", "VS Code", "Claude Code"]) expect(readme).toContain(host);
    expect(readme).toContain('"/srv/weather/dist/main.js"');
    expect(readme).toContain("claude mcp add weather -- node /srv/weather/dist/main.js");

    const http = renderTemplate(`${REPO_ROOT}templates/blank`, blankView({ ...common, transport: "http" }));
    expect(http.get("src/main.ts")).toContain("http: {}");
    expect(http.get("README.md")).toContain('"url": "http://127.0.0.1:3000/mcp"');
    expect(http.get("README.md")).toContain("claude mcp add --transport http weather http://127.0.0.1:3000/mcp");
    expect(http.get("README.md")).toContain('"MCPSMITH_TRANSPORT": "stdio"');

    // Both say how to deploy over HTTP; the stdio project switches transport with the environment.
    expect(readme).toContain("## Deploy it over HTTP");
    expect(readme).toContain("`MCPSMITH_TRANSPORT=http node dist/main.js`");
    expect(http.get("README.md")).toContain("`node dist/main.js`");
    expect(http.get("README.md")).toContain('http: { allowedHosts: ["mcp.example.com"] }');
  });

  it("fails loudly when a template names a value the view lacks", () => {
    expect(() => renderTemplate(`${REPO_ROOT}templates/blank`, { packageName: "x" })).toThrow(/failed to render/);
  });
});
