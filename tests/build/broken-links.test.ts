/**
 * The build is the handbook's link checker: a broken link, anchor or image must fail it, naming
 * where the fault is. Each case builds a two-page fixture with the project's own configuration.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { projectDir, runBuild } from './run-build';

const fixtureDocs = path.join(__dirname, 'fixture-docs');
const sites: string[] = [];

after(() => sites.forEach((site) => rmSync(site, { recursive: true, force: true })));

/** A site with the project's config (site and sign-in), sidebars, theme and static files, and the fixture docs. */
function fixtureSite(edit?: { file: string; append: string }): string {
  const site = mkdtempSync(path.join(tmpdir(), 'handbook-links-'));
  sites.push(site);
  for (const shared of ['node_modules', 'src', 'static', 'core', 'identity', 'gate', 'plugins', 'package.json']) {
    symlinkSync(path.join(projectDir, shared), path.join(site, shared));
  }
  for (const file of ['docusaurus.config.ts', 'sidebars.ts', 'tsconfig.json']) {
    cpSync(path.join(projectDir, file), path.join(site, file));
  }
  cpSync(fixtureDocs, path.join(site, 'docs'), { recursive: true });
  if (edit) {
    const file = path.join(site, 'docs', edit.file);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n${edit.append}\n`);
  }
  return site;
}

function build(site: string, viaScript = false): { ok: boolean; output: string } {
  return runBuild({ HANDBOOK_AUTH: 'local' }, { siteDir: site, args: ['--no-minify'], viaScript });
}

const INVALID_MERMAID = '```mermaid\nflowchart LR\n  A --> B[\n```';

describe('the build fails on broken links', { concurrency: 2 }, () => {
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

  const cases = [
    {
      name: 'a link to a missing markdown file',
      append: 'Read [the missing page](./missing-page.md).',
      expected: [/missing-page\.md/, /guides\/guide\.md/],
    },
    {
      name: 'a link to a missing route',
      append: 'Read [the missing route](/no-such-route).',
      expected: [/no-such-route/, /\/guides\/guide/],
    },
    {
      name: 'a link to a missing anchor',
      append: 'Read [the missing section](../index.md#no-such-section).',
      expected: [/#no-such-section/, /\/guides\/guide/],
    },
    {
      name: 'a missing markdown image',
      append: '![A missing diagram](./missing-diagram.png)',
      expected: [/missing-diagram\.png/, /guides\/guide\.md/],
    },
    {
      name: 'a Mermaid diagram that does not parse',
      append: INVALID_MERMAID,
      expected: [/docs\/guides\/guide\.md:16: Mermaid diagram does not parse: Expecting .*got '1'/],
    },
  ];

  for (const { name, append, expected } of cases) {
    test(name, () => {
      const { ok, output } = build(fixtureSite({ file: 'guides/guide.md', append }));
      assert.equal(ok, false, `the build passed despite ${name}:\n${output}`);
      for (const pattern of expected) assert.match(output, pattern);
    });
  }
});

/**
 * `npm run build` and `npm run check:docs` on the same failing fixture: the build names each fault
 * once, with its file and line and no stack trace, under GitHub Actions also as an annotation on
 * that line, and says of it what check:docs says. The fixture guide's last line is 13, so an
 * appended fault sits on line 14 (a diagram's body on 15 and 16).
 */
describe('npm run build names each fault in the pages once, on its line, as check:docs does', { concurrency: 2 }, () => {
  const cases = [
    {
      name: 'a link to a missing markdown file',
      append: 'Read [the missing page](./missing-page.md).',
      expected: ['docs/guides/guide.md:14:6: broken link to ./missing-page.md: there is no page docs/guides/missing-page.md'],
    },
    {
      name: 'a missing markdown image',
      append: '![A missing diagram](./missing-diagram.png)',
      expected: ['docs/guides/guide.md:14:1: broken image to ./missing-diagram.png: there is no file docs/guides/missing-diagram.png'],
    },
    {
      name: 'two links to missing routes',
      append: 'Read [one](/no-such-route) and [two](/other-route).',
      expected: [
        'docs/guides/guide.md:14:6: broken link to /no-such-route: no page is served there',
        'docs/guides/guide.md:14:32: broken link to /other-route: no page is served there',
      ],
    },
    {
      name: 'a link to a missing anchor',
      append: 'Read [the missing section](../index.md#no-such-section).',
      expected: [
        'docs/guides/guide.md:14:6: broken anchor to ../index.md#no-such-section: docs/index.md has no heading with the id "no-such-section"',
      ],
    },
    {
      name: 'a Mermaid diagram that does not parse',
      append: INVALID_MERMAID,
      expected: ["docs/guides/guide.md:16: Mermaid diagram does not parse: Expecting 'SQE',"],
    },
  ];

  /** check:docs' lines for the planted fault (the fixture's pages lack an owner and 200 words). */
  function checkDocs(site: string): string[] {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(projectDir, 'scripts/docs-rules.ts'), path.join(site, 'docs/guides/guide.md')],
      { cwd: projectDir, encoding: 'utf8', env: { ...process.env, GITHUB_ACTIONS: '' } },
    );
    return run.stdout.split('\n').filter((line) => /broken|Mermaid/.test(line));
  }

  for (const { name, append, expected } of cases) {
    test(name, () => {
      const site = fixtureSite({ file: 'guides/guide.md', append });
      const { ok, output } = runBuild(
        { HANDBOOK_AUTH: 'local', GITHUB_ACTIONS: 'true' },
        { siteDir: site, args: ['--no-minify'], viaScript: true },
      );
      assert.equal(ok, false, `the build passed despite ${name}:\n${output}`);
      assert.ok(output.includes(`[ERROR] The build stopped on ${expected.length} fault(s)`), output);
      for (const line of expected) {
        assert.equal(output.split(`  ${line}`).length, 2, `"${line}" not named exactly once:\n${output}`);
        const [, where, message] = /^docs\/guides\/guide\.md:(\d+(?::\d+)?): (.*)$/.exec(line) ?? [];
        const [lineNumber, column] = where.split(':');
        const properties = `file=docs/guides/guide.md,line=${lineNumber}${column ? `,col=${column}` : ''}`;
        assert.ok(output.includes(`::error ${properties}::${message}`), `no annotation for "${line}":\n${output}`);
      }
      assert.doesNotMatch(output, /^\s+at |│|node_modules/m, "a stack trace or the bundler's error frame");
      const checked = checkDocs(site);
      assert.equal(checked.length, expected.length, checked.join('\n'));
      for (const line of checked) assert.ok(output.includes(`  ${line}\n`), `check:docs and the build differ on:\n${line}\n${output}`);
    });
  }
});
