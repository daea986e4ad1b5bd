/**
 * The build is the handbook's link checker: a broken link, anchor or image must fail it, naming
 * where the fault is. Each case builds a two-page fixture with the project's own configuration.
 */
import assert from 'node:assert/strict';
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

/** The fixture guide's last line is 13, so an appended fault sits on line 14 (a diagram's body on 15 and 16). */
describe('npm run build names each fault in the pages once, with its file, and no stack trace', { concurrency: 2 }, () => {
  const cases = [
    {
      name: 'a link to a missing markdown file',
      append: 'Read [the missing page](./missing-page.md).',
      expected: 'docs/guides/guide.md:14:6: broken link to ./missing-page.md',
    },
    {
      name: 'a missing markdown image',
      append: '![A missing diagram](./missing-diagram.png)',
      expected: 'docs/guides/guide.md:14:1: broken image to ./missing-diagram.png',
    },
    {
      name: 'two links to missing routes',
      append: 'Read [one](/no-such-route) and [two](/other-route).',
      expected: 'docs/guides/guide.md: broken link to /no-such-route\n  docs/guides/guide.md: broken link to /other-route',
    },
    {
      name: 'a link to a missing anchor',
      append: 'Read [the missing section](../index.md#no-such-section).',
      expected: 'docs/guides/guide.md: broken anchor to /#no-such-section',
    },
    {
      name: 'a Mermaid diagram that does not parse',
      append: INVALID_MERMAID,
      expected: "docs/guides/guide.md:16: Mermaid diagram does not parse: Expecting 'SQE',",
    },
  ];

  for (const { name, append, expected } of cases) {
    test(name, () => {
      const { ok, output } = build(fixtureSite({ file: 'guides/guide.md', append }), true);
      assert.equal(ok, false, `the build passed despite ${name}:\n${output}`);
      assert.ok(output.includes(`[ERROR] The build stopped on `), output);
      const [first, ...rest] = expected.split('\n');
      assert.equal(output.split(first).length, 2, `not named exactly once:\n${output}`);
      for (const line of rest) assert.ok(output.includes(line), output);
      assert.doesNotMatch(output, /^\s+at |│|node_modules/m, 'a stack trace or the bundler\'s error frame');
    });
  }
});
