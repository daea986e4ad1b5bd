/**
 * The preview workflow's one comment on a pull request, through GitHub's REST API with the job's
 * GITHUB_TOKEN ("List issue comments", "Create an issue comment", "Update an issue comment": a pull
 * request is an issue to these endpoints). The comment is found by its marker and edited, never added twice.
 */
import { gitHubRest, MissingGitHubTokenError } from '../core/github-rest';
import { COMMENT_MARKER } from './preview-plan';

interface IssueComment {
  id: number;
  body?: string;
}

export async function upsertComment(
  pullRequest: number,
  body: string,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  let github;
  try {
    github = gitHubRest(env);
  } catch (error) {
    if (!(error instanceof MissingGitHubTokenError)) throw error;
    console.log(body);
    throw new Error(
      'GITHUB_TOKEN and GITHUB_REPOSITORY are needed to comment on the pull request; the comment is above.',
    );
  }
  const ours = await github.find<IssueComment>(`/issues/${pullRequest}/comments`, (comment) =>
    Boolean(comment.body?.startsWith(COMMENT_MARKER)),
  );
  if (ours) await github.send('PATCH', `/issues/comments/${ours.id}`, { body });
  else await github.send('POST', `/issues/${pullRequest}/comments`, { body });
}
