/**
 * Which pull request a trusted preview job acts on, decided from the event GitHub gave the job
 * (`GITHUB_EVENT_PATH`) and GitHub's own answer about the pull request, never from anything the
 * pull request's build wrote. Shapes: "Webhook events and payloads" (`workflow_run`,
 * `pull_request`), "Events that trigger workflows" (`workflow_run`, `pull_request_target`), and
 * the REST API's "Get a pull request"; the fixtures in testkit/documented-shapes/ are copied from them.
 */
import { isPullRequestNumber } from '../core/preview';
import type { GitHubRest } from '../core/github-rest';

interface RepositoryRef {
  full_name?: string;
}

interface WorkflowRunEvent {
  workflow_run?: {
    event?: string;
    conclusion?: string | null;
    head_sha?: string;
    head_repository?: RepositoryRef | null;
    pull_requests?: { number?: number; head?: { sha?: string } }[];
  };
}

interface PullRequestEvent {
  action?: string;
  pull_request?: { number?: number; state?: string; head?: { sha?: string; repo?: RepositoryRef | null } };
}

export interface PreviewTarget {
  pullRequest: number;
  commit: string;
}

export type Decided = { target: PreviewTarget } | { skip: string };

const HEX_SHA = /^[0-9a-f]{40}$/;

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && isPullRequestNumber(String(value)) ? value : null;
}

/**
 * The pull request whose build a `workflow_run` event announces: a successful `pull_request` run
 * of a branch of this repository (a fork's pull request gets no preview), naming exactly the pull
 * request whose head is the run's commit. GitHub fills `pull_requests` only for a head branch in
 * the base repository; a fork's run lists none.
 */
export function publishTargetOf(event: WorkflowRunEvent, repository: string): Decided {
  const run = event.workflow_run;
  if (!run) return { skip: 'the event is not a workflow_run' };
  if (run.event !== 'pull_request')
    return { skip: `the build ran for a ${String(run.event)} event, not a pull request` };
  if (run.conclusion !== 'success') return { skip: `the build's conclusion is ${String(run.conclusion)}` };
  if (run.head_repository?.full_name !== repository) return { skip: 'the build ran on a fork: forks get no preview' };
  const commit = run.head_sha ?? '';
  if (!HEX_SHA.test(commit)) return { skip: 'the run names no commit' };
  const matching = (run.pull_requests ?? []).filter((pull) => pull.head?.sha === commit && numberOf(pull.number));
  if (matching.length !== 1) {
    return { skip: `the run names ${matching.length} pull requests with head ${commit.slice(0, 7)}, not one` };
  }
  return { target: { pullRequest: matching[0].number!, commit } };
}

/** A pull request that closed or merged (`pull_request_target`, action `closed`), from any repository. */
export function closedPullRequestOf(event: PullRequestEvent): number | null {
  return event.action === 'closed' ? numberOf(event.pull_request?.number) : null;
}

interface PullRequestAnswer {
  state?: string;
  head?: { sha?: string; repo?: RepositoryRef | null };
}

/**
 * GitHub's answer now: the pull request is open, its head is still the built commit and a branch
 * of this repository. A build of an older push, or of a pull request closed since, is not published.
 */
export async function stillCurrent(github: GitHubRest, target: PreviewTarget): Promise<string | null> {
  const pull = await github.get<PullRequestAnswer>(`/pulls/${target.pullRequest}`);
  if (pull.state !== 'open') return `pull request ${target.pullRequest} is ${String(pull.state)}`;
  if (pull.head?.repo?.full_name !== github.repository) return `pull request ${target.pullRequest} is from a fork`;
  if (pull.head?.sha !== target.commit) return `pull request ${target.pullRequest} has a newer commit than the build's`;
  return null;
}

interface PullRequestFile {
  filename: string;
  previous_filename?: string;
}

/**
 * The files the pull request changes, as GitHub lists them ("List pull requests files": at most
 * 3,000, 100 a page), a renamed file under both names: the diff read as data, not checked out.
 */
export async function changedFilesOf(github: GitHubRest, pullRequest: number): Promise<string[]> {
  const files = await github.list<PullRequestFile>(`/pulls/${pullRequest}/files`);
  return [
    ...new Set(files.flatMap((file) => [file.filename, ...(file.previous_filename ? [file.previous_filename] : [])])),
  ];
}

/** Whether GitHub says the pull request is still open (the sweep's question). */
export async function isOpen(github: GitHubRest, pullRequest: number): Promise<boolean> {
  const pull = await github.get<PullRequestAnswer>(`/pulls/${pullRequest}`);
  return pull.state === 'open';
}
