/**
 * The build is the handbook's link checker: a broken link, anchor or image must fail it, naming
 * where the fault is. Each case builds a two-page fixture with the project's own configuration.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fixtureSite } from './fixture-site';
import { projectDir, runBuild } from './run-build';

function build(site: string, viaScript = false): { ok: boolean; output: string } {
  return runBuild({ HANDBOOK_AUTH: 'local' }, { siteDir: site, args: ['--no-minify'], viaScript });
}

const INVALID_MERMAID = '```mermaid\nflowchart LR\n  A --> B[\n```';

/**
 * Faults a page's compilation finds, one per page: a page stops at its first. Each fixture page's
 * last line is followed by an empty one, so the appended text starts two lines below it: guide.md
 * line 14, index.md line 12, rota.md line 22 (the diagram's faulty line, 24).
 */
const FAULTS_WHILE_COMPILING = [
  { file: 'guides/guide.md', append: 'Read [the missing page](./missing-page.md).' },
  { file: 'index.md', append: '![A missing diagram](./missing-diagram.png)' },
  { file: 'team/on-call/rota.md', append: INVALID_MERMAID },
];
/**
 * Faults found once every page is built, on guide.md's line 14: links to missing routes, and a link
 * to a missing anchor, which Docusaurus reports only when no link is broken.
 */
const ROUTE_FAULTS = [{ file: 'guides/guide.md', append: 'Read [one](/no-such-route) and [two](/other-route).' }];
const ANCHOR_FAULT = [{ file: 'guides/guide.md', append: 'Read [the missing section](../index.md#no-such-section).' }];

test('the intact fixture builds, and without the ELK layout engine for Mermaid', () => {
  const site = fixtureSite();
  const { ok, output } = build(site);
  assert.ok(ok, output);
  const scripts = path.join(site, 'build', 'assets', 'js');
  const withElk = readdirSync(scripts).filter((file) =>
    readFileSync(path.join(scripts, file), 'utf8').includes('org.eclipse.elk'),
  );
  assert.deepEqual(withElk, [], 'no chunk of ELK (docusaurus.config.ts: withoutElkLayouts)');
});

/**
 * `npm run build` on a failing fixture, the faults of a kind in one build (a build takes a minute
 * or more on a busy machine): it fails, names each fault once with its file and line and no stack
 * trace, under GitHub Actions also as an annotation on that line, and says of it what
 * `npm run check:docs` says.
 */
describe('npm run build fails on broken links, naming each fault once, on its line, as check:docs does', { concurrency: 2 }, () => {
  const cases = [
    {
      name: 'a link to a missing markdown file, a missing markdown image, a Mermaid diagram that does not parse',
      edits: FAULTS_WHILE_COMPILING,
      expected: [
        'docs/guides/guide.md:14:6: broken link to ./missing-page.md: there is no page docs/guides/missing-page.md',
        'docs/index.md:12:1: broken image to ./missing-diagram.png: there is no file docs/missing-diagram.png',
        "docs/team/on-call/rota.md:24: Mermaid diagram does not parse: Expecting 'SQE',",
      ],
    },
    {
      name: 'two links to missing routes',
      edits: ROUTE_FAULTS,
      expected: [
        'docs/guides/guide.md:14:6: broken link to /no-such-route: no page is served there',
        'docs/guides/guide.md:14:32: broken link to /other-route: no page is served there',
      ],
    },
    {
      name: 'a link to a missing anchor',
      edits: ANCHOR_FAULT,
      expected: [
        'docs/guides/guide.md:14:6: broken anchor to ../index.md#no-such-section: docs/index.md has no heading with the id "no-such-section"',
      ],
    },
  ];

  /** check:docs' lines for the planted faults (the fixture's pages lack an owner and 200 words). */
  function checkDocs(site: string, files: string[]): string[] {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(projectDir, 'scripts/docs-rules.ts'), ...files.map((file) => path.join(site, 'docs', file))],
      { cwd: projectDir, encoding: 'utf8', env: { ...process.env, GITHUB_ACTIONS: '' } },
    );
    return run.stdout.split('\n').filter((line) => /broken|Mermaid/.test(line));
  }

  for (const { name, edits, expected } of cases) {
    test(name, () => {
      const site = fixtureSite(edits);
      const { ok, output } = runBuild(
        { HANDBOOK_AUTH: 'local', GITHUB_ACTIONS: 'true' },
        { siteDir: site, args: ['--no-minify'], viaScript: true },
      );
      assert.equal(ok, false, `the build passed despite ${name}:\n${output}`);
      assert.ok(output.includes(`[ERROR] The build stopped on ${expected.length} fault(s)`), output);
      for (const line of expected) {
        assert.equal(output.split(`  ${line}`).length, 2, `"${line}" not named exactly once:\n${output}`);
        const [, file, where, message] = /^(docs\/[^:]+\.md):(\d+(?::\d+)?): (.*)$/.exec(line) ?? [];
        const [lineNumber, column] = where.split(':');
        const rule = message.startsWith('Mermaid') ? 'code-blocks' : 'links';
        const properties = `file=${file},line=${lineNumber}${column ? `,col=${column}` : ''},title=${rule}`;
        assert.ok(output.includes(`::error ${properties}::${message}`), `no annotation for "${line}":\n${output}`);
      }
      assert.doesNotMatch(output, /^\s+at |│|node_modules/m, "a stack trace or the bundler's error frame");
      const checked = checkDocs(site, [...new Set(edits.map((edit) => edit.file))]);
      assert.equal(checked.length, expected.length, checked.join('\n'));
      for (const line of checked) assert.ok(output.includes(`  ${line}\n`), `check:docs and the build differ on:\n${line}\n${output}`);
    });
  }
});
