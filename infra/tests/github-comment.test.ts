/**
 * The pull request comment (github-comment.ts) against a loopback server answering as GitHub's REST
 * API documents: the comment is created once, found by its marker on any page (the `link` header)
 * and edited, GitHub's refusals stop the run, and without a token the comment is printed.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { listenOnLoopback } from '../../testkit/loopback';
import { after, before, beforeEach, test } from 'node:test';
import { upsertComment } from '../github-comment';
import { COMMENT_MARKER } from '../preview-plan';

interface Seen {
  method: string;
  path: string;
  authorization?: string;
  version?: string;
  body?: unknown;
}

const REPOSITORY = 'example-health/engineering-handbook';
let seen: Seen[] = [];
/** Comment pages of pull request 7, as GitHub lists them. */
let pages: { id: number; body: string }[][] = [];
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
      version: request.headers['x-github-api-version'] as string,
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
        page < pages.length ? `<${api}${url.pathname}?per_page=100&page=${page + 1}>; rel="next"` : undefined;
      response.writeHead(200, { 'content-type': 'application/json', ...(next ? { link: next } : {}) });
      response.end(JSON.stringify(pages[page - 1] ?? []));
      return;
    }
    response.writeHead(request.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' }).end('{"id":1}');
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
const body = `${COMMENT_MARKER}\nPreview: https://handbook.example-health.com/previews/pr-7/`;

test('creates the comment when the pull request has none of ours, with the job’s token', async () => {
  pages = [[{ id: 5, body: 'Looks good to me' }]];
  await upsertComment(7, body, env());
  assert.deepEqual(
    seen.map(({ method, path }) => `${method} ${path}`),
    [`GET /repos/${REPOSITORY}/issues/7/comments?per_page=100`, `POST /repos/${REPOSITORY}/issues/7/comments`],
  );
  assert.deepEqual(seen[1].body, { body });
  assert.ok(seen.every((request) => request.authorization === 'Bearer ghs_test' && request.version === '2022-11-28'));
});

test('edits ours, found on a later page, and adds none', async () => {
  pages = [
    Array.from({ length: 100 }, (_, index) => ({ id: index + 1, body: `comment ${index}` })),
    [{ id: 4242, body: `${COMMENT_MARKER}\nPreview: an older build` }],
  ];
  await upsertComment(7, body, env());
  assert.deepEqual(
    seen.map(({ method, path }) => `${method} ${path}`),
    [
      `GET /repos/${REPOSITORY}/issues/7/comments?per_page=100`,
      `GET /repos/${REPOSITORY}/issues/7/comments?per_page=100&page=2`,
      `PATCH /repos/${REPOSITORY}/issues/comments/4242`,
    ],
  );
  assert.deepEqual(seen[2].body, { body });
});

test('a refusal from GitHub stops with its status and writes nothing', async () => {
  refuse = 403;
  await assert.rejects(upsertComment(7, body, env()), /GitHub answered 403 to GET .*\/issues\/7\/comments/);
  assert.deepEqual(
    seen.map(({ method }) => method),
    ['GET'],
  );
});

test('without a token it prints the comment and fails, naming what is missing', async (t) => {
  const printed: unknown[] = [];
  t.mock.method(console, 'log', (line: unknown) => printed.push(line));
  await assert.rejects(
    upsertComment(7, body, { GITHUB_REPOSITORY: REPOSITORY, GITHUB_API_URL: api }),
    /GITHUB_TOKEN and GITHUB_REPOSITORY are needed/,
  );
  assert.deepEqual(printed, [body]);
  assert.equal(seen.length, 0);
});
