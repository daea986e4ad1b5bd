/**
 * The preview workflow's one comment on a pull request, through GitHub's REST API with the job's
 * GITHUB_TOKEN ("List issue comments", "Create an issue comment", "Update an issue comment": a pull
 * request is an issue to these endpoints). The comment is found by its marker and edited, never added twice.
 */
import { COMMENT_MARKER } from './preview-plan';

interface IssueComment {
  id: number;
  body?: string;
}

/** The `link` header's next page: `<url>; rel="next"` ("Using pagination in the REST API"). */
function nextPage(link: string | null): string | undefined {
  return /<([^>]+)>;\s*rel="next"/.exec(link ?? '')?.[1];
}

export async function upsertComment(
  pullRequest: number,
  body: string,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const { GITHUB_TOKEN: token, GITHUB_REPOSITORY: repository } = env;
  const api = env.GITHUB_API_URL ?? 'https://api.github.com';
  if (!token || !repository) {
    console.log(body);
    throw new Error(
      'GITHUB_TOKEN and GITHUB_REPOSITORY are needed to comment on the pull request; the comment is above.',
    );
  }
  const call = async (url: string, method: string, payload?: object) => {
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
  let ours: IssueComment | undefined;
  let page: string | undefined = `${api}/repos/${repository}/issues/${pullRequest}/comments?per_page=100`;
  while (page && !ours) {
    const { json, next } = await call(page, 'GET');
    ours = (json as IssueComment[]).find((comment) => comment.body?.startsWith(COMMENT_MARKER));
    page = next;
  }
  if (ours) await call(`${api}/repos/${repository}/issues/comments/${ours.id}`, 'PATCH', { body });
  else await call(`${api}/repos/${repository}/issues/${pullRequest}/comments`, 'POST', { body });
}
