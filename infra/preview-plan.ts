/**
 * What the preview workflow decides after the pull request was built (`npm run preview`): which of
 * its changes make the preview differ from what production would run, which pages it changed (with
 * their preview links),
 * and the one comment the workflow keeps up to date on the pull request. Pure: git, the build and
 * GitHub are the caller's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listBuildFiles } from '../gate/manifest';
import type { PreviewRecord, PreviewResult } from './preview-flow';

/**
 * Changes a preview shows otherwise than production would run them, each with the reason the
 * comment gives. The preview is still published (on the previews' origin, where its code reaches
 * no production session); the comment names these files so a reviewer knows what differs.
 */
const DIFFERS: [RegExp, string][] = [
  [/^docusaurus\.config\.ts$/, "the site's configuration"],
  [/^(src|core)\//, 'the theme, components or the code the site and the gate share'],
  [/^(plugins|scripts)\//, "the build's plugins and scripts"],
  [/^(gate|lambdas)\//, 'the gate or the edge functions: a preview runs behind the ones production deployed'],
  [/^(package\.json|package-lock\.json|tsconfig\.json)$/, 'package files or build settings'],
  [/^\.github\//, 'the workflows: they run as the base branch has them, never as this pull request changes them'],
];

/** What a preview shows as production would: the pages, their images and files, and the sidebars. */
const CONTENT = /^(docs\/|static\/|sidebars\.ts$)/;

export interface ChangeVerdict {
  /** Changed files the preview shows as production would. */
  content: string[];
  /** Changed files that make the preview differ from what production would run, with why. */
  differs: { file: string; reason: string }[];
}

/**
 * Run by the base branch's code on the pull request's list of changed files (data from GitHub's
 * API), so a pull request cannot change the judge that judges it.
 */
export function judgeChanges(changedFiles: string[]): ChangeVerdict {
  const differs = changedFiles.flatMap((file) => {
    const rule = DIFFERS.find(([pattern]) => pattern.test(file));
    return rule ? [{ file, reason: rule[1] }] : [];
  });
  return { content: changedFiles.filter((file) => CONTENT.test(file)), differs };
}

/**
 * The preview address of each changed source file's page, read from the build's "Edit this page"
 * links (`<repositoryUrl>/edit/main/<file>`, docusaurus.config.ts `editUrl`), which name the source
 * of every page whatever its slug or id.
 */
export function changedPageLinks(
  buildDir: string,
  changedFiles: string[],
  previewUrl: string,
): { file: string; url: string }[] {
  const changed = new Set(changedFiles);
  const links: { file: string; url: string }[] = [];
  for (const page of listBuildFiles(buildDir).filter((file) => file.endsWith('.html'))) {
    // Minified HTML leaves the attribute unquoted.
    const source = /href="?[^"\s>]*\/edit\/[^/"\s>]+\/([^"\s>]+)/.exec(
      readFileSync(path.join(buildDir, page), 'utf8'),
    )?.[1];
    if (!source || !changed.has(decodeURIComponent(source))) continue;
    const route = page === 'index.html' ? '' : page.replace(/(\/index)?\.html$/, '');
    links.push({ file: decodeURIComponent(source), url: `${previewUrl}${route}` });
  }
  return links.sort((a, b) => a.file.localeCompare(b.file));
}

/** Marks the workflow's own comment, so each run edits it instead of adding another. */
export const COMMENT_MARKER = '<!-- handbook-preview -->';

export type CommentState =
  | {
      kind: 'published';
      result: Extract<PreviewResult, { status: 'published' }>;
      links: { file: string; url: string }[];
      differs: { file: string; reason: string }[];
    }
  | { kind: 'unfaithful'; reasons: string[] }
  | { kind: 'capped'; max: number; holders: PreviewRecord[] }
  | { kind: 'fork' }
  | { kind: 'nothing' }
  | { kind: 'removed' };

/** The comment's Markdown for each outcome. */
export function previewComment(pullRequest: number, commit: string, state: CommentState): string {
  const heading = `${COMMENT_MARKER}\n### Handbook preview\n\n`;
  const at = `(commit ${commit.slice(0, 7)})`;
  switch (state.kind) {
    case 'published': {
      const pages = state.links.length
        ? state.links.map((link) => `- [${link.file}](${link.url})`).join('\n')
        : '- No page of `docs/` changed; the preview shows the whole handbook as this pull request builds it.';
      const differs = state.differs.length
        ? `\n\nWhat production would run differs from this preview, because this pull request changes ${[
            ...new Set(state.differs.map((entry) => entry.reason)),
          ].join('; ')}:\n\n${state.differs.map((entry) => `- \`${entry.file}\``).join('\n')}`
        : '';
      return `${heading}The preview of this pull request ${at} is at ${state.result.url}, on the previews' own address (sign in there: it never shares your handbook session). It is not the published handbook, and it is removed when the pull request closes or merges.\n\nChanged pages:\n\n${pages}${differs}\n`;
    }
    case 'unfaithful':
      return `${heading}No preview ${at}: production's edge could not serve this build as it was built, because ${state.reasons.join('; ')}. Review it locally with \`npm start\`, or with \`npm run build:preview -- ${pullRequest}\` and the serve line it prints.\n`;
    case 'capped':
      return `${heading}No preview ${at}: the handbook keeps at most ${state.max} previews at once, and they are taken by ${state.holders.map((holder) => `#${holder.pullRequest}`).join(', ')}. This pull request gets one at its next push after one of them closes or merges.\n`;
    case 'fork':
      return `${heading}No preview: this pull request comes from a fork, and GitHub gives workflows run for forks no secrets and no token to sign in to AWS with. A maintainer can push the branch to this repository to get a preview.\n`;
    case 'nothing':
      return `${heading}No preview ${at}: this pull request changes nothing the handbook's pages are built from.\n`;
    case 'removed':
      return `${heading}The preview was removed when this pull request closed.\n`;
  }
}
