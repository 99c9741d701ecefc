import { describe, expect, it } from "vitest";
import type { Operation } from "./catalog.js";
import { normalise, OperationIndex } from "./search.js";

const op = (name: string, description: string, group?: string, keywords?: string[]): Operation => ({
  name,
  description,
  inputSchema: { type: "object" },
  ...(group && { group }),
  ...(keywords && { keywords }),
  handler: () => undefined,
});

const operations = [
  op("listPets", "List all pets", "pets", ["GET /pets"]),
  op("createPets", "Create a pet", "pets", ["POST /pets"]),
  op("showPetById", "Info for a specific pet", "pets", ["GET /pets/{petId}"]),
  op("getInventory", "Returns pet inventories by status", "store", ["GET /store/inventory"]),
  op("repos_get_content", "Get repository content\n\nGets the contents of a file or directory.", "repos", [
    "GET /repos/{owner}/{repo}/contents/{path}",
  ]),
];

describe("OperationIndex", () => {
  const index = new OperationIndex(operations);

  it("splits camelCase, snake_case and paths into words", () => {
    expect(normalise("showPetById")).toBe("show pet by id");
    expect(normalise("/repos/{owner}/{repo}")).toBe("repos owner repo");
    expect(normalise("HTTPRequest_log")).toBe("http request log");
  });

  it("ranks operations matching every term first, name hits above description hits", () => {
    const page = index.search({ query: "list pets", limit: 10 });
    expect(page.operations.map((hit) => hit.name)).toEqual(["listPets", "createPets", "showPetById", "getInventory"]);
    expect(page.total).toBe(4);
  });

  it("matches groups and paths, and finds `repository` for `repos`", () => {
    expect(index.search({ query: "inventory", limit: 10 }).operations.map((hit) => hit.name)).toEqual(["getInventory"]);
    expect(index.search({ query: "contents", limit: 10 }).operations[0]?.name).toBe("repos_get_content");
    expect(index.search({ query: "repositories", limit: 10 }).operations[0]?.name).toBe("repos_get_content");
  });

  it("shows the first line of the description as the summary, with the group", () => {
    expect(index.search({ query: "content", limit: 1 }).operations).toEqual([
      { name: "repos_get_content", summary: "Get repository content", group: "repos" },
    ]);
  });

  it("filters by group, and an empty query lists every operation in order", () => {
    expect(index.search({ group: "pets", limit: 10 }).operations.map((hit) => hit.name)).toEqual([
      "listPets",
      "createPets",
      "showPetById",
    ]);
    expect(index.search({ limit: 10 }).total).toBe(operations.length);
  });

  it("suggests names near a mistyped one", () => {
    expect(index.suggest("listPet")[0]).toBe("listPets");
  });
});
