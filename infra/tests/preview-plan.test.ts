import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { changedPageLinks, COMMENT_MARKER, judgeChanges, previewComment } from '../preview-plan';

describe('what the preview workflow decides', () => {
  test('every change is previewed; the site’s code, the gate, packages and workflows are named as what differs from production', () => {
    const verdict = judgeChanges([
      'docs/how-we-work/testing.md',
      'static/img/flow.png',
      'sidebars.ts',
      'docusaurus.config.ts',
      'src/theme/Root.tsx',
      'gate/decide.ts',
      'lambdas/edge/viewer-request.ts',
      'package-lock.json',
      '.github/workflows/preview.yml',
      'infra/OPERATIONS.md',
      'e2e/search.spec.ts',
    ]);
    assert.deepEqual(verdict.content, ['docs/how-we-work/testing.md', 'static/img/flow.png', 'sidebars.ts']);
    assert.deepEqual(
      verdict.differs.map((entry) => entry.file),
      [
        'docusaurus.config.ts',
        'src/theme/Root.tsx',
        'gate/decide.ts',
        'lambdas/edge/viewer-request.ts',
        'package-lock.json',
        '.github/workflows/preview.yml',
      ],
    );
    assert.deepEqual(judgeChanges(['docs/a.md', 'infra/site-stack.ts']).differs, []);
    // The judge runs from the base branch: a pull request that edits it is judged by the old one,
    // and its edit is named like any other code it changes.
    assert.deepEqual(
      judgeChanges(['infra/preview-plan.ts', 'scripts/build.ts']).differs.map((entry) => entry.file),
      ['scripts/build.ts'],
    );
  });

  test('links each changed page by its build’s “Edit this page” link, whatever its slug', () => {
    const buildDir = mkdtempSync(path.join(tmpdir(), 'handbook-preview-links-'));
    try {
      const page = (file: string, source: string, quoted: boolean) => {
        mkdirSync(path.dirname(path.join(buildDir, file)), { recursive: true });
        const href = `https://github.com/example/handbook/edit/main/${source}`;
        writeFileSync(
          path.join(buildDir, file),
          `<a href=${quoted ? `"${href}"` : href} class=theme-edit-this-page>Edit</a>`,
        );
      };
      page('index.html', 'docs/intro.md', true);
      page('how-we-work/testing.html', 'docs/how-we-work/testing.md', false);
      page('arc/slugged.html', 'docs/arc/some-file.mdx', false);
      page('arc/untouched.html', 'docs/arc/untouched.md', false);
      const base = 'https://handbook.example-health.com/previews/42/';
      assert.deepEqual(
        changedPageLinks(
          buildDir,
          ['docs/intro.md', 'docs/how-we-work/testing.md', 'docs/arc/some-file.mdx', 'docs/gone.md'],
          base,
        ),
        [
          { file: 'docs/arc/some-file.mdx', url: `${base}arc/slugged` },
          { file: 'docs/how-we-work/testing.md', url: `${base}how-we-work/testing` },
          { file: 'docs/intro.md', url: base },
        ],
      );
    } finally {
      rmSync(buildDir, { recursive: true, force: true });
    }
  });

  test('the comment says where the preview is, or plainly why there is none', () => {
    const record = { pullRequest: 42, commit: 'abcdef123', updatedAt: '2026-11-27T12:00:00Z', files: 10 };
    const published = previewComment(42, 'abcdef123', {
      kind: 'published',
      result: { status: 'published', url: 'https://h.example/previews/42/', record },
      links: [{ file: 'docs/a.md', url: 'https://h.example/previews/42/a' }],
      differs: [],
    });
    assert.ok(published.startsWith(COMMENT_MARKER));
    assert.match(
      published,
      /https:\/\/h\.example\/previews\/42\/.*commit abcdef1|commit abcdef1.*https:\/\/h\.example\/previews\/42\//s,
    );
    assert.match(published, /- \[docs\/a\.md\]\(https:\/\/h\.example\/previews\/42\/a\)/);
    assert.match(published, /previews' own address \(sign in there/);
    assert.doesNotMatch(published, /differs/);
    const withCode = previewComment(42, 'abcdef123', {
      kind: 'published',
      result: { status: 'published', url: 'https://h.example/previews/42/', record },
      links: [],
      differs: judgeChanges(['docusaurus.config.ts', 'src/theme/Root.tsx']).differs,
    });
    assert.match(withCode, /https:\/\/h\.example\/previews\/42\//);
    assert.match(
      withCode,
      /differs from this preview, because this pull request changes the site's configuration; the theme/,
    );
    assert.match(withCode, /- `docusaurus\.config\.ts`\n- `src\/theme\/Root\.tsx`/);
    assert.match(previewComment(7, 'abc1234', { kind: 'fork' }), /comes from a fork.*no secrets/s);
    assert.match(
      previewComment(7, 'abc1234', { kind: 'capped', max: 1, holders: [record] }),
      /at most 1 previews at once.*#42/s,
    );
    assert.match(
      previewComment(7, 'abc1234', { kind: 'unfaithful', reasons: ['it signs in against another user pool'] }),
      /could not serve this build as it was built, because it signs in against another user pool/,
    );
  });
});
