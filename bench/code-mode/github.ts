/**
 * The GitHub task: the three newest issues of each of five repositories, with their authors' names. The upstream is
 * a mock on 127.0.0.1 answering from GitHub's own spec (test/corpus): each answer is the sample of the operation's
 * response schema (codegen's `sampleOf`, what generated mocks answer), with the fields the task reads made distinct.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type * as Sample from "../../packages/codegen/dist/emit/openapi/sample.js";
import type { OpenApiIR } from "../../packages/codegen/dist/ir/types.js";

export const REPOSITORIES = [
  ["octo", "alpha"],
  ["octo", "beta"],
  ["octo", "gamma"],
  ["hub", "delta"],
  ["hub", "epsilon"],
] as const;
const ISSUES_PER_REPOSITORY = 30;
const AUTHORS = 12;

export interface Upstream {
  url: string;
  requests: () => number;
  close(): Promise<void>;
}

/** The mock GitHub: `GET /repos/{owner}/{repo}/issues` (newest first, `per_page` honoured) and `GET /users/{username}`. */
export async function githubUpstream(ir: OpenApiIR, sampleOf: typeof Sample.sampleOf): Promise<Upstream> {
  const schemaOf = (name: string) => {
    const tool = ir.tools.find((candidate) => candidate.name === name);
    if (!tool) throw new Error(`the GitHub IR has no ${name}`);
    return (tool.textOutputSchema ?? tool.outputSchema) as Record<string, unknown>;
  };
  const issueList = schemaOf("issues_list-for-repo");
  const issue = (sampleOf(issueList) as Record<string, unknown>[])[0]!;
  const user = sampleOf(schemaOf("users_get-by-username")) as Record<string, unknown>;
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const issues = /^\/repos\/([^/]+)\/([^/]+)\/issues$/.exec(url.pathname);
    const users = /^\/users\/([^/]+)$/.exec(url.pathname);
    let body: unknown;
    if (issues) {
      const repository = REPOSITORIES.findIndex(([owner, repo]) => owner === issues[1] && repo === issues[2]);
      const perPage = Number(url.searchParams.get("per_page") ?? 30);
      body = Array.from({ length: Math.min(perPage, ISSUES_PER_REPOSITORY) }, (_, i) => {
        const number = ISSUES_PER_REPOSITORY - i;
        const login = `user${(repository * 5 + i) % AUTHORS}`;
        return {
          ...issue,
          number,
          title: `${issues[2]}: issue ${number}`,
          created_at: new Date(Date.UTC(2026, 0, number, repository)).toISOString(),
          user: { ...(issue.user as object), login },
        };
      });
    } else if (users) {
      body = { ...user, login: users[1], name: `The ${users[1]}` };
    } else {
      res.writeHead(404, { "content-type": "application/json" }).end('{"message":"Not Found"}');
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What every mode's script must end with: per repository, its three newest issues and their authors' names. */
export type GithubAnswer = { repository: string; issues: { number: number; title: string; author: string }[] }[];

const LIST = "issues_list-for-repo";
const USER = "users_get-by-username";
const listArgs = (owner: string, repo: string) => ({
  owner,
  repo,
  sort: "created",
  direction: "desc",
  per_page: 3,
});

export const GITHUB_CODE = `
const repositories = ${JSON.stringify(REPOSITORIES)};
const lists = await Promise.all(repositories.map(([owner, repo]) =>
  api["${LIST}"]({ owner, repo, sort: "created", direction: "desc", per_page: 3 })));
const logins = [...new Set(lists.flat().map((issue) => issue.user?.login ?? ""))];
const names = new Map(await Promise.all(logins.map(async (username) =>
  [username, (await api["${USER}"]({ username })).name] as const)));
return repositories.map(([owner, repo], r) => ({
  repository: owner + "/" + repo,
  issues: lists[r].map((issue) => ({ number: issue.number, title: issue.title, author: names.get(issue.user?.login ?? "") })),
}));`;

type Call = (name: string, args: Record<string, unknown>) => Promise<unknown>;

/** The task done one tool call at a time (tools mode directly, discovery mode through call_operation). */
export async function githubByCalls(call: Call): Promise<GithubAnswer> {
  const lists: { number: number; title: string; user?: { login?: string } }[][] = [];
  for (const [owner, repo] of REPOSITORIES) lists.push((await call(LIST, listArgs(owner, repo))) as never);
  const names = new Map<string, string>();
  for (const issue of lists.flat()) {
    const login = issue.user?.login ?? "";
    if (!names.has(login)) names.set(login, ((await call(USER, { username: login })) as { name: string }).name);
  }
  return REPOSITORIES.map(([owner, repo], r) => ({
    repository: `${owner}/${repo}`,
    issues: lists[r]!.map((issue) => ({
      number: issue.number,
      title: issue.title,
      author: names.get(issue.user?.login ?? "")!,
    })),
  }));
}

export const GITHUB_SEARCHES = { list: "list repository issues", user: "get a user by username" };
export const GITHUB_TOOLS = { list: LIST, user: USER };
