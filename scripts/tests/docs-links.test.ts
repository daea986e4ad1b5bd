/**
 * `check:docs` judges links, anchors and images as the build does, on the build test's fixture site
 * (`tests/build/fixture-docs`, whose links page has a link of every shape the build accepts), and
 * finds every fault of a page in one run, each on its line and with what to do.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { checkLinks } from '../docs-links';
import { listDocs } from '../docs-rules';
import { readSite } from '../docs-site';

const projectDir = path.resolve(__dirname, '../..');
const sites: string[] = [];
after(() => sites.forEach((site) => rmSync(site, { recursive: true, force: true })));

/** A copy of the fixture site, its guide (13 lines long) with `append` on the lines after. */
function fixtureSite(append = ''): string {
  const site = mkdtempSync(path.join(tmpdir(), 'handbook-check-links-'));
  sites.push(site);
  cpSync(path.join(projectDir, 'tests/build/fixture-docs'), path.join(site, 'docs'), { recursive: true });
  symlinkSync(path.join(projectDir, 'static'), path.join(site, 'static'));
  if (append) appendFileSync(path.join(site, 'docs/guides/guide.md'), `\n${append}\n`);
  return site;
}

const problemsOf = (site: string, page = 'docs/guides/guide.md') =>
  checkLinks(readSite(site), path.join(site, page)).map(
    ({ line, column, message }) => `${line}:${column}: ${message.split(':')[0]}`,
  );

describe('check:docs accepts every link the build accepts', () => {
  test('the fixture site, its generated indexes, index pages, anchors and images', () => {
    const site = fixtureSite();
    for (const file of listDocs(path.join(site, 'docs'))) {
      assert.deepEqual(checkLinks(readSite(site), file), [], file);
    }
  });

  test('two generated indexes labelled alike are /category/processes and /category/processes-1', () => {
    const routes = [...readSite(fixtureSite()).routes].filter((route) => route.startsWith('/category/'));
    assert.deepEqual(routes.sort(), ['/category/processes', '/category/processes-1']);
  });

  test('the handbook has no broken link, anchor or image', () => {
    const site = readSite(projectDir);
    const problems = listDocs(path.join(projectDir, 'docs')).flatMap((file) => checkLinks(site, file));
    assert.deepEqual(problems, []);
  });
});

describe('check:docs names each broken link, anchor and image with its line and column', () => {
  const cases = [
    { append: 'Read [the missing page](./missing-page.md).', expected: '14:6: broken link to ./missing-page.md' },
    { append: 'Read [a missing route](/guides/missing).', expected: '14:6: broken link to /guides/missing' },
    { append: 'Read [a third index](/category/processes-2).', expected: '14:6: broken link to /category/processes-2' },
    {
      append: 'Read [the missing section](../index.md#no-such-section).',
      expected: '14:6: broken anchor to ../index.md#no-such-section',
    },
    {
      append: 'Read [a missing heading](/team/on-call/rota#handover-2).',
      expected: '14:6: broken anchor to /team/on-call/rota#handover-2',
    },
    { append: 'See [here](#no-such-heading).', expected: '14:5: broken anchor to #no-such-heading' },
    { append: '![A missing diagram](./missing-diagram.png)', expected: '14:1: broken image to ./missing-diagram.png' },
    { append: '![Not in static](/img/missing.png)', expected: '14:1: broken image to /img/missing.png' },
    { append: '[A missing download](./files/report.pdf)', expected: '14:1: broken link to ./files/report.pdf' },
    { append: 'Text\n\n[ref]: ./missing.md', expected: '16:1: broken link to ./missing.md' },
  ];
  for (const { append, expected } of cases) {
    test(append, () => assert.deepEqual(problemsOf(fixtureSite(append)), [expected]));
  }

  test('a message says what to do', () => {
    const site = fixtureSite('See [the rota](../team/on-call/rota.md#handover-2).');
    const [anchor] = checkLinks(readSite(site), path.join(site, 'docs/guides/guide.md'));
    assert.equal(
      anchor.message,
      'broken anchor to ../team/on-call/rota.md#handover-2: docs/team/on-call/rota.md has no heading with the id "handover-2"; its headings are #who-is-on-call, #handover, #handover-1, #the-pager',
    );
  });
});

describe('npm run check:docs: every fault of a page in one run', () => {
  /** The five faults of the newcomer's review, step 3, on one page; each took a build of its own. */
  const faults = [
    'Read [the checklist](./release-checklist.md), the [rota](/guides/on-call-rota) and',
    'the [missing section](../index.md#no-such-section).',
    '',
    '![The review screen](./img/review-screen.png)',
    '',
    '```mermaid\nflowchart LR\n  A --> B[\n```',
  ].join('\n');

  function checkDocs(site: string, env: NodeJS.ProcessEnv = {}) {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(projectDir, 'scripts/docs-rules.ts'), path.join(site, 'docs/guides/guide.md')],
      { cwd: projectDir, encoding: 'utf8', env: { ...process.env, GITHUB_ACTIONS: '', ...env } },
    );
    // The fixture's pages lack what handbook pages need (an owner, 200 words): only the planted faults are looked at.
    const planted = (line: string) => /broken|Mermaid/.test(line);
    return { status: run.status, lines: run.stdout.split('\n').filter(planted) };
  }

  test('reports all five, in the order of their lines, each with file and line', () => {
    const { status, lines } = checkDocs(fixtureSite(faults));
    assert.equal(status, 1);
    assert.deepEqual(
      lines.map((line) => line.replace(/^(\S+?: [^:]+).*$/, '$1')),
      [
        'docs/guides/guide.md:14:6: broken link to ./release-checklist.md',
        'docs/guides/guide.md:14:51: broken link to /guides/on-call-rota',
        'docs/guides/guide.md:15:5: broken anchor to ../index.md#no-such-section',
        'docs/guides/guide.md:17:1: broken image to ./img/review-screen.png',
        'docs/guides/guide.md:21: Mermaid diagram does not parse',
      ],
    );
  });

  test('under GitHub Actions each is followed by its annotation on that line', () => {
    const { lines } = checkDocs(fixtureSite(faults), { GITHUB_ACTIONS: 'true' });
    const annotations = lines.filter((line) => line.startsWith('::'));
    assert.equal(annotations.length, 5, lines.join('\n'));
    assert.equal(
      annotations[0],
      "::error file=docs/guides/guide.md,line=14,col=6,title=links::broken link to ./release-checklist.md: there is no page docs/guides/release-checklist.md; link to an existing page's .md file, relative to this page",
    );
    assert.match(
      annotations[4],
      /^::error file=docs\/guides\/guide\.md,line=21,title=code-blocks::Mermaid diagram does not parse: /,
    );
  });
});
