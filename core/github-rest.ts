/**
 * GitHub's REST API as a workflow's job calls it (the preview workflow's trusted jobs, the weekly
 * review reminders), with the job's GITHUB_TOKEN:
 * the API version pinned ("API Versions": `X-GitHub-Api-Version: 2022-11-28`), lists followed
 * through the `link` header's `rel="next"` ("Using pagination in the REST API"), and any answer
 * but a success stops the command with what GitHub answered.
 */

export interface GitHubRest {
  repository: string;
  get<T>(path: string): Promise<T>;
  /** Every item of a paged list, `per_page=100` at a time. */
  list<T>(path: string): Promise<T[]>;
  /** Items of a paged list until `found` matches one; that one or undefined. */
  find<T>(path: string, found: (item: T) => boolean): Promise<T | undefined>;
  send(method: 'POST' | 'PATCH', path: string, payload: object): Promise<void>;
}

/** The `link` header's next page: `<url>; rel="next"`. */
function nextPage(link: string | null): string | undefined {
  return /<([^>]+)>;\s*rel="next"/.exec(link ?? '')?.[1];
}

export class MissingGitHubTokenError extends Error {}

/** `purpose` finishes the sentence of the error a run without a token gets: "…needed to <purpose>". */
export function gitHubRest(
  env: Record<string, string | undefined> = process.env,
  purpose = 'read and comment on pull requests',
): GitHubRest {
  const { GITHUB_TOKEN: token, GITHUB_REPOSITORY: repository } = env;
  const api = env.GITHUB_API_URL ?? 'https://api.github.com';
  if (!token || !repository) {
    throw new MissingGitHubTokenError(`GITHUB_TOKEN and GITHUB_REPOSITORY are needed to ${purpose}.`);
  }
  const call = async (url: string, method = 'GET', payload?: object) => {
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
      },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`GitHub answered ${response.status} to ${method} ${url}`);
    return { json: (await response.json()) as unknown, next: nextPage(response.headers.get('link')) };
  };
  const firstPage = (path: string) => `${api}/repos/${repository}${path}${path.includes('?') ? '&' : '?'}per_page=100`;
  async function find<T>(path: string, found: (item: T) => boolean): Promise<T | undefined> {
    let page: string | undefined = firstPage(path);
    while (page) {
      const { json, next } = await call(page);
      const hit = (json as T[]).find(found);
      if (hit) return hit;
      page = next;
    }
    return undefined;
  }
  return {
    repository,
    get: async <T>(path: string) => (await call(`${api}/repos/${repository}${path}`)).json as T,
    async list<T>(path: string) {
      const items: T[] = [];
      await find<T>(path, (item) => {
        items.push(item);
        return false;
      });
      return items;
    },
    find,
    async send(method, path, payload) {
      await call(`${api}/repos/${repository}${path}`, method, payload);
    },
  };
}
