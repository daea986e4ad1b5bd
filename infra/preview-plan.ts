/**
 * What the preview workflow decides before and after building (`npm run preview`): whether a pull
 * request's change can be previewed faithfully, which pages it changed (with their preview links),
 * and the one comment the workflow keeps up to date on the pull request. Pure: git, the build and
 * GitHub are the caller's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listBuildFiles } from '../gate/manifest';
import type { PreviewRecord, PreviewResult } from './preview-flow';

/** Changes a preview cannot show as production would, each with the reason the comment gives. */
const UNFAITHFUL: [RegExp, string][] = [
  [/^docusaurus\.config\.ts$/, "the site's configuration"],
  [/^(src|core)\//, 'the theme, components or the code the site and the gate share'],
  [/^(plugins|scripts)\//, "the build's plugins and scripts"],
  [/^(gate|lambdas)\//, 'the gate or the edge functions: a preview runs behind the ones production deployed'],
  [/^(package\.json|package-lock\.json|tsconfig\.json)$/, 'package files or build settings'],
  [/^\.github\//, 'the workflows: this one runs as the pull request changed it'],
];

/** What a preview shows: the pages, their images and files, and the sidebars. */
const PREVIEWED = /^(docs\/|static\/|sidebars\.ts$)/;

export interface ChangeVerdict {
  /** Files whose change a preview shows. */
  previewed: string[];
  /** Files a preview cannot show faithfully, with why. */
  unfaithful: { file: string; reason: string }[];
}

export function judgeChanges(changedFiles: string[]): ChangeVerdict {
  const unfaithful = changedFiles.flatMap((file) => {
    const rule = UNFAITHFUL.find(([pattern]) => pattern.test(file));
    return rule ? [{ file, reason: rule[1] }] : [];
  });
  return { previewed: changedFiles.filter((file) => PREVIEWED.test(file)), unfaithful };
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
      return `${heading}The preview of this pull request ${at} is at ${state.result.url}, behind the handbook's sign-in. It is not the published handbook, and it is removed when the pull request closes or merges.\n\nChanged pages:\n\n${pages}\n`;
    }
    case 'unfaithful':
      return `${heading}No preview ${at}: a preview could not show this change as production would, because it changes ${state.reasons.join('; ')}. Review it locally with \`npm start\`, or with \`npm run build:preview\` and \`npm run serve -- --preview ${pullRequest}=build-preview\`.\n`;
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
