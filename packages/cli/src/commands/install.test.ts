import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parse } from "jsonc-parser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HOSTS } from "../install/hosts.js";
import { HELLO_ENTRY, REPO_ROOT, runCli } from "../test-support.js";

/** A temp HOME (with XDG and APPDATA inside it): the tests never read or write the real one. */
let home: string;
let env: Record<string, string>;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "mcpsmith-install-"));
  env = {
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    APPDATA: join(home, "AppData", "Roaming"),
    PATH: process.env.PATH ?? "",
  };
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const install = (argv: string[], cwd = REPO_ROOT) => runCli(["install", ...argv], { env, cwd });

/** Where each host's file lives under the temp HOME on this (Linux) test machine. */
const FILES = {
  "claude-desktop": () => join(home, ".config", "Claude", "claude_desktop_config.json"),
  cursor: () => join(home, ".cursor", "mcp.json"),
  vscode: () => join(home, ".config", "Code", "User", "mcp.json"),
  "claude-code": () => join(home, ".claude.json"),
} as const;
const CLIENTS = Object.keys(FILES) as (keyof typeof FILES)[];

function writeJson(path: string, value: unknown, indent: string | number = 2): string {
  mkdirSync(dirname(path), { recursive: true });
  const text = `${JSON.stringify(value, null, indent)}\n`;
  writeFileSync(path, text);
  return text;
}
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8"));
const backups = (path: string) => readdirSync(dirname(path)).filter((file) => file.endsWith(".bak"));

describe.runIf(process.platform === "linux")("mcpsmith install", () => {
  it.each(CLIENTS)("merges into an existing %s config, keeping other servers and unknown keys", async (client) => {
    const path = FILES[client]();
    const key = HOSTS[client].serversKey;
    const original = writeJson(
      path,
      {
        theme: "dark",
        [key]: { other: { command: "npx", args: ["-y", "other-server"], disabled: true } },
        ...(client === "vscode" && { inputs: [{ id: "token", type: "promptString" }] }),
      },
      "\t",
    );

    const { code, stdout, stderr } = await install([
      "--client",
      client,
      "--env",
      "API_KEY=sk-very-secret-123",
      HELLO_ENTRY,
    ]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain(`Added "example-hello" in ${HOSTS[client].title}'s config: ${path}`);
    expect(stdout).not.toContain("sk-very-secret-123");
    expect(stdout).toContain('"API_KEY": "<hidden>"');

    const config = readJson(path);
    expect(config.theme).toBe("dark");
    if (client === "vscode") expect(config.inputs).toEqual([{ id: "token", type: "promptString" }]);
    expect(config[key].other).toEqual({ command: "npx", args: ["-y", "other-server"], disabled: true });
    expect(config[key]["example-hello"]).toEqual({
      ...((client === "vscode" || client === "claude-code") && { type: "stdio" }),
      command: process.execPath,
      args: [HELLO_ENTRY],
      env: { API_KEY: "sk-very-secret-123" },
    });
    // The file keeps its indentation; the backup is the old file, byte for byte.
    expect(readFileSync(path, "utf8")).toContain('\n\t"theme": "dark"');
    const [backup] = backups(path);
    expect(backup).toMatch(/\.json\.\d{4}-\d\d-\d\dT[\d-]+Z\.bak$/);
    expect(readFileSync(join(dirname(path), backup!), "utf8")).toBe(original);
    expect(readdirSync(dirname(path)).filter((file) => file.endsWith(".tmp"))).toEqual([]);
  });

  it("creates a missing config file and its folders, readable by the user only, without a backup", async () => {
    const { code, stdout } = await install(["--client", "cursor", "--name", "hello", HELLO_ENTRY]);
    expect(code).toBe(0);
    expect(stdout).toContain("Created the file");
    const path = FILES.cursor();
    expect(readJson(path)).toEqual({ mcpServers: { hello: { command: process.execPath, args: [HELLO_ENTRY] } } });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(backups(path)).toEqual([]);
  });

  it("makes relative paths in the command absolute and takes the name from the project's package.json", async () => {
    const cwd = join(REPO_ROOT, "examples", "hello");
    const { code } = await install(["--client", "claude-code", "--", "node", "dist/main.js", "--flag"], cwd);
    expect(code).toBe(0);
    expect(readJson(FILES["claude-code"]()).mcpServers["example-hello"]).toEqual({
      type: "stdio",
      command: "node",
      args: [HELLO_ENTRY, "--flag"],
    });
  });

  it("names an npx package after the package", async () => {
    const { code } = await install(["--client", "cursor", "--", "npx", "-y", "@acme/weather-mcp@latest"]);
    expect(code).toBe(0);
    expect(readJson(FILES.cursor()).mcpServers["weather-mcp"]).toEqual({
      command: "npx",
      args: ["-y", "@acme/weather-mcp@latest"],
    });
  });

  it.each([
    ["vscode", { type: "http", url: "http://127.0.0.1:3000/mcp" }],
    ["claude-code", { type: "http", url: "http://127.0.0.1:3000/mcp" }],
    ["cursor", { url: "http://127.0.0.1:3000/mcp" }],
    ["claude-desktop", { command: "npx", args: ["-y", "mcp-remote", "http://127.0.0.1:3000/mcp"] }],
  ] as const)("writes the %s entry for an HTTP server", async (client, entry) => {
    const { code, stdout } = await install([
      "--client",
      client,
      "--name",
      "weather",
      "--url",
      "http://127.0.0.1:3000/mcp",
    ]);
    expect(code).toBe(0);
    expect(readJson(FILES[client]())[HOSTS[client].serversKey].weather).toEqual(entry);
    if (client === "claude-desktop") expect(stdout).toContain("Settings > Connectors");
  });

  it("replaces an entry of the same name, keeping the host's own keys and env variables not given again", async () => {
    const path = FILES["claude-desktop"]();
    writeJson(path, {
      mcpServers: { hello: { command: "old", args: [], env: { KEEP: "1", API_KEY: "old" }, disabled: false } },
    });
    const first = await install(["--client", "claude-desktop", "--name", "hello", "--env", "API_KEY=new", HELLO_ENTRY]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Replaced "hello"');
    expect(first.stdout).toContain('"KEEP": "<hidden>"');
    expect(first.stdout).toContain('"disabled": false');
    expect(first.stdout).not.toContain('"new"');
    expect(readJson(path).mcpServers.hello).toEqual({
      command: process.execPath,
      args: [HELLO_ENTRY],
      env: { KEEP: "1", API_KEY: "new" },
      disabled: false,
    });
    expect(backups(path)).toHaveLength(1);

    const again = await install(["--client", "claude-desktop", "--name", "hello", "--env", "API_KEY=new", HELLO_ENTRY]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("nothing to change");
    expect(backups(path)).toHaveLength(1);
  });

  it("names a lone server file after itself, or after its project folder when it is a main.js", async () => {
    const folder = join(home, "work", "weather-server");
    mkdirSync(join(folder, "dist"), { recursive: true });
    writeFileSync(join(folder, "dist", "main.js"), "");
    writeFileSync(join(folder, "forecast.mjs"), "");
    expect((await install(["--client", "cursor", "--", "node", "dist/main.js"], folder)).code).toBe(0);
    expect((await install(["--client", "cursor", "--", "node", "forecast.mjs"], folder)).code).toBe(0);
    expect(Object.keys(readJson(FILES.cursor()).mcpServers)).toEqual(["weather-server", "forecast"]);
  });

  it("updates a symlinked config where it lives, leaving the link in place", async () => {
    const real = join(home, "dotfiles", "mcp.json");
    writeJson(real, { mcpServers: {} });
    mkdirSync(join(home, ".cursor"));
    symlinkSync(real, FILES.cursor());
    expect((await install(["--client", "cursor", "--name", "hello", HELLO_ENTRY])).code).toBe(0);
    expect(lstatSync(FILES.cursor()).isSymbolicLink()).toBe(true);
    expect(Object.keys(readJson(real).mcpServers)).toEqual(["hello"]);
    expect(backups(real)).toHaveLength(1);
  });

  it("refuses an unknown client, naming the valid ones, and writes nothing", async () => {
    const { code, stdout, stderr } = await install(["--client", "cursr", HELLO_ENTRY]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain('E_CLIENT_UNKNOWN Unknown client "cursr"');
    expect(stderr).toContain("claude-desktop, cursor, vscode, claude-code");
    expect(stderr).toContain("Did you mean --client cursor?");
    expect(readdirSync(home)).toEqual([]);
    const missing = await install([HELLO_ENTRY]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("--client");
  });

  it.each(CLIENTS)("merges into a %s config with comments and trailing commas, keeping them", async (client) => {
    const path = FILES[client]();
    const key = HOSTS[client].serversKey;
    mkdirSync(dirname(path), { recursive: true });
    const original = [
      "{",
      "  // servers I use every day",
      `  "${key}": {`,
      '    "other": { "command": "npx", "args": ["-y", "other-server"], }, // pinned',
      "  },",
      "  /* the rest */",
      '  "theme": "dark",',
      "}",
      "",
    ].join("\n");
    writeFileSync(path, original);

    const { code, stdout, stderr } = await install(["--client", client, "--name", "hello", HELLO_ENTRY]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const text = readFileSync(path, "utf8");
    // Everything the user wrote is still there as written, and the entry went in beside it.
    expect(text).toContain("  // servers I use every day\n");
    expect(text).toContain('    "other": { "command": "npx", "args": ["-y", "other-server"], }, // pinned\n');
    expect(text).toContain('  /* the rest */\n  "theme": "dark",\n}\n');
    const config = parse(text, [], { allowTrailingComma: true });
    expect(config[key].hello).toMatchObject({ command: process.execPath, args: [HELLO_ENTRY] });
    expect(Object.keys(config[key])).toEqual(["other", "hello"]);
    expect(readFileSync(join(dirname(path), backups(path)[0]!), "utf8")).toBe(original);
    // VS Code reads JSONC; the others get a note that their host may not.
    if (client === "vscode") expect(stdout).not.toContain("note:");
    else expect(stdout).toContain(`${HOSTS[client].title} documents plain JSON and may refuse the file`);
  });

  it("replaces an entry in a JSONC file key by key, keeping comments on the keys that did not change", async () => {
    const path = FILES.vscode();
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(
      path,
      [
        "{",
        '\t"servers": {',
        '\t\t"hello": {',
        '\t\t\t"type": "stdio",',
        '\t\t\t"command": "old-node", // was nvm\'s node',
        '\t\t\t"args": [],',
        '\t\t\t"dev": { "watch": "src/**" }, // VS Code restarts on change',
        "\t\t},",
        "\t},",
        "}",
        "",
      ].join("\r\n"),
    );
    const { code } = await install(["--client", "vscode", "--name", "hello", HELLO_ENTRY]);
    expect(code).toBe(0);
    const text = readFileSync(path, "utf8");
    expect(text).toContain('\t\t\t"dev": { "watch": "src/**" }, // VS Code restarts on change\r\n');
    expect(text).toContain(`"command": ${JSON.stringify(process.execPath)}`);
    expect(text).not.toContain("old-node");
    expect(text.split("\n").every((line) => line === "" || line.endsWith("\r"))).toBe(true);
    expect(parse(text, [], { allowTrailingComma: true }).servers.hello).toEqual({
      type: "stdio",
      command: process.execPath,
      args: [HELLO_ENTRY],
      dev: { watch: "src/**" },
    });
  });

  it.each(CLIENTS)("refuses a %s config that does not parse, saying where, and writes nothing", async (client) => {
    const path = FILES[client]();
    mkdirSync(dirname(path), { recursive: true });
    const broken = '{\n  // my servers\n  "mcpServers": { "a": { "command": "x" } }\n  "servers": {}\n}\n';
    writeFileSync(path, broken);
    const { code, stdout, stderr } = await install(["--client", client, "--env", "TOKEN=abc123", HELLO_ENTRY]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain(`E_CONFIG_INVALID ${path} cannot be read: comma expected at line 4, column 3`);
    expect(stderr).toContain("nothing written");
    expect(stderr).toContain("Fix the file there");
    expect(stderr).toContain('"example-hello"');
    expect(stderr).not.toContain("abc123");
    expect(readFileSync(path, "utf8")).toBe(broken);
    expect(readdirSync(dirname(path))).toEqual([path.split("/").pop()]);
  });

  it("refuses a config whose servers key is not an object", async () => {
    const path = FILES.vscode();
    const text = writeJson(path, { servers: [] });
    const { code, stderr } = await install(["--client", "vscode", HELLO_ENTRY]);
    expect(code).toBe(1);
    expect(stderr).toContain('"servers" in');
    expect(readFileSync(path, "utf8")).toBe(text);
    expect(backups(path)).toEqual([]);
  });

  it("--print shows the entry with hidden secrets and writes nothing", async () => {
    const { code, stdout, stderr } = await install([
      "--client",
      "vscode",
      "--print",
      "--env",
      "API_KEY=sk-very-secret-123",
      HELLO_ENTRY,
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      servers: {
        "example-hello": {
          type: "stdio",
          command: process.execPath,
          args: [HELLO_ENTRY],
          env: { API_KEY: "<hidden>" },
        },
      },
    });
    expect(stdout + stderr).not.toContain("sk-very-secret-123");
    expect(stderr).toContain(FILES.vscode());
    expect(existsSync(join(home, ".config"))).toBe(false);
    expect(readdirSync(home)).toEqual([]);
  });

  it("rejects bad --env, --env for an HTTP server, a bad --name and a local URL without one", async () => {
    const bad = await install(["--client", "cursor", "--env", "NOPE", HELLO_ENTRY]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--env takes KEY=VALUE");
    const http = await install(["--client", "cursor", "--env", "A=1", "--url", "http://127.0.0.1:3000/mcp"]);
    expect(http.stderr).toContain("--env is for servers the host starts");
    const name = await install(["--client", "cursor", "--name", "my server", HELLO_ENTRY]);
    expect(name.stderr).toContain("--name must be");
    const unnamed = await install(["--client", "cursor", "--url", "http://127.0.0.1:3000/mcp"]);
    expect(unnamed.stderr).toContain("--name");
    expect(readdirSync(home)).toEqual([]);
  });
});

describe("host config paths", () => {
  const env = { APPDATA: "C:\\Users\\ada\\AppData\\Roaming", XDG_CONFIG_HOME: undefined };
  it.each([
    ["claude-desktop", "darwin", "/Users/ada/Library/Application Support/Claude/claude_desktop_config.json"],
    ["claude-desktop", "win32", "C:\\Users\\ada\\AppData\\Roaming\\Claude\\claude_desktop_config.json"],
    ["claude-desktop", "linux", "/home/ada/.config/Claude/claude_desktop_config.json"],
    ["cursor", "darwin", "/Users/ada/.cursor/mcp.json"],
    ["cursor", "win32", "C:\\Users\\ada\\.cursor\\mcp.json"],
    ["cursor", "linux", "/home/ada/.cursor/mcp.json"],
    ["vscode", "darwin", "/Users/ada/Library/Application Support/Code/User/mcp.json"],
    ["vscode", "win32", "C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\mcp.json"],
    ["vscode", "linux", "/home/ada/.config/Code/User/mcp.json"],
    ["claude-code", "darwin", "/Users/ada/.claude.json"],
    ["claude-code", "win32", "C:\\Users\\ada\\.claude.json"],
    ["claude-code", "linux", "/home/ada/.claude.json"],
  ] as const)("%s on %s: %s", (client, platform, expected) => {
    const home = platform === "darwin" ? "/Users/ada" : platform === "win32" ? "C:\\Users\\ada" : "/home/ada";
    expect(HOSTS[client].configPath(platform, env, home)).toBe(expected);
  });

  it("follows XDG_CONFIG_HOME on Linux and CLAUDE_CONFIG_DIR for Claude Code", () => {
    expect(HOSTS.vscode.configPath("linux", { XDG_CONFIG_HOME: "/x" }, "/home/ada")).toBe("/x/Code/User/mcp.json");
    expect(HOSTS["claude-code"].configPath("linux", { CLAUDE_CONFIG_DIR: "/c" }, "/home/ada")).toBe("/c/.claude.json");
  });
});
