/**
 * The owner reminders (review-reminders.ts) against a loopback server answering as GitHub's REST API
 * documents (testkit/documented-shapes/github-issues.json): a team's issue is opened once, found by
 * its marker on any page of the list and updated, closed when no page is left, pull requests and
 * other issues are left alone, and GitHub's refusals stop the run.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, beforeEach, test } from 'node:test';
import { documentedShape } from '../../testkit/documented-shapes/shapes';
import { listenOnLoopback } from '../../testkit/loopback';
import type { OwnerReviews, PageReview } from '../review-schedule';
import { issueBody, issueTitle, LABEL, markerOf, syncReminders } from '../review-reminders';

interface Seen {
  method: string;
  path: string;
  authorization?: string;
  body?: unknown;
}

const shapes = documentedShape<{
  listRepositoryIssues: { response: Array<{ number: number; body: string | null; pull_request?: unknown }> };
}>('github-issues');
const REPOSITORY = 'example-health/engineering-handbook';
let seen: Seen[] = [];
let pages: Array<Array<{ number: number; body: string | null; pull_request?: unknown }>> = [];
let refuse: number | undefined;
let api = '';

const server = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk: Buffer) => (text += chunk.toString()));
  request.on('end', () => {
    const url = new URL(request.url!, api);
    seen.push({
      method: request.method!,
      path: url.pathname + url.search,
      authorization: request.headers.authorization,
      body: text ? JSON.parse(text) : undefined,
    });
    if (refuse) {
      response
        .writeHead(refuse, { 'content-type': 'application/json' })
        .end('{"message":"Resource not accessible by integration"}');
      return;
    }
    if (request.method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? '1');
      const next =
        page < pages.length
          ? `<${api}${url.pathname}?state=open&per_page=100&page=${page + 1}>; rel="next"`
          : undefined;
      response.writeHead(200, { 'content-type': 'application/json', ...(next ? { link: next } : {}) });
      response.end(JSON.stringify(pages[page - 1] ?? []));
      return;
    }
    response
      .writeHead(request.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' })
      .end('{"number":99}');
  });
});

before(async () => {
  api = `http://127.0.0.1:${await listenOnLoopback(server)}`;
});
after(() => server.close());
beforeEach(() => {
  seen = [];
  pages = [];
  refuse = undefined;
});

const env = () => ({ GITHUB_TOKEN: 'ghs_test', GITHUB_REPOSITORY: REPOSITORY, GITHUB_API_URL: api });
const TODAY = '2026-11-28';
const page = (file: string, due: string): PageReview => ({ file, owner: 'Data', lastReviewed: '2026-08-30', due });
const none: OwnerReviews = { overdue: [], dueSoon: [] };
const dataDue: OwnerReviews = {
  overdue: [page('docs/data/dbt/mre.md', '2026-11-20')],
  dueSoon: [page('docs/data/index.md', '2026-12-10')],
};
const LIST = `GET /repos/${REPOSITORY}/issues?state=open&per_page=100`;

test('opens one issue for a team with pages due, labelled, listing overdue pages first', async () => {
  pages = [shapes.listRepositoryIssues.response.filter((issue) => issue.pull_request)];
  const done = await syncReminders(
    new Map([
      ['Data', dataDue],
      ['Interop', none],
    ]),
    TODAY,
    env(),
  );
  assert.deepEqual(
    seen.map(({ method, path }) => `${method} ${path}`),
    [LIST, `POST /repos/${REPOSITORY}/issues`],
  );
  const body = issueBody('Data', dataDue, TODAY);
  assert.deepEqual(seen[1].body, { title: issueTitle('Data'), body, labels: [LABEL] });
  assert.ok(body.startsWith(markerOf('Data')));
  assert.ok(body.indexOf('docs/data/dbt/mre.md') < body.indexOf('### Due within 30 days'));
  assert.ok(seen.every((request) => request.authorization === 'Bearer ghs_test'));
  assert.deepEqual(done, ['Data: opened an issue, 2 page(s)']);
});

test('updates the team’s issue found by its marker on a later page, and never a pull request', async () => {
  pages = [
    [
      ...Array.from({ length: 99 }, (_, index) => ({ number: index + 200, body: `an issue ${index}` })),
      { number: 13, body: `${markerOf('Data')}\nquoted in a pull request`, pull_request: { url: 'x' } },
    ],
    shapes.listRepositoryIssues.response.filter((issue) => !issue.pull_request),
  ];
  await syncReminders(new Map([['Data', dataDue]]), TODAY, env());
  assert.deepEqual(
    seen.map(({ method, path }) => `${method} ${path}`),
    [LIST, `${LIST}&page=2`, `PATCH /repos/${REPOSITORY}/issues/12`],
  );
  assert.deepEqual(seen[2].body, { title: issueTitle('Data'), body: issueBody('Data', dataDue, TODAY) });
});

test('closes the team’s issue as completed when no page is left, and opens none for a team without one', async () => {
  pages = [shapes.listRepositoryIssues.response];
  const done = await syncReminders(
    new Map([
      ['Data', none],
      ['Reporting', none],
    ]),
    TODAY,
    env(),
  );
  assert.deepEqual(
    seen.map(({ method, path }) => `${method} ${path}`),
    [LIST, `PATCH /repos/${REPOSITORY}/issues/12`],
  );
  assert.deepEqual(seen[1].body, { state: 'closed', state_reason: 'completed' });
  assert.deepEqual(done, ['Data: closed #12, no page due']);
});

test('a refusal from GitHub stops the run with its status and writes nothing', async () => {
  refuse = 403;
  await assert.rejects(
    syncReminders(new Map([['Data', dataDue]]), TODAY, env()),
    /GitHub answered 403 to GET .*\/issues\?state=open/,
  );
  assert.deepEqual(
    seen.map(({ method }) => method),
    ['GET'],
  );
});

test('without a token it fails before any request, naming what is missing', async () => {
  await assert.rejects(
    syncReminders(new Map([['Data', dataDue]]), TODAY, { GITHUB_REPOSITORY: REPOSITORY, GITHUB_API_URL: api }),
    /GITHUB_TOKEN and GITHUB_REPOSITORY are needed/,
  );
  assert.equal(seen.length, 0);
});
