/**
 * Pull request previews: where they live and how a preview build names itself. No imports: the
 * browser bundle (the preview banner), the build's configuration, the gate and the edge load it.
 *
 * The preview of pull request N is a second build of the handbook, built with the base URL
 * `/previews/<N>/`, stored in the production bucket under `previews/<N>/` and served by the same
 * gate as production (gate/decide.ts), on the same origin.
 */

/** The first path segment every preview lives under: production never builds a page there. */
export const PREVIEWS_SEGMENT = 'previews';

/** The variable naming the pull request a build previews; unset for production. */
export const PREVIEW_VARIABLE = 'HANDBOOK_PREVIEW_PR';

/** A pull request number as GitHub writes it: no sign, no leading zero. */
const PULL_REQUEST_NUMBER = /^[1-9]\d{0,8}$/;

export function isPullRequestNumber(text: string): boolean {
  return PULL_REQUEST_NUMBER.test(text);
}

/** The pull request a build previews, or null for production; anything else stops the build. */
export function previewNumberFrom(env: Record<string, string | undefined>): number | null {
  const value = env[PREVIEW_VARIABLE]?.trim();
  if (!value) return null;
  if (!isPullRequestNumber(value)) {
    throw new Error(`${PREVIEW_VARIABLE} is "${value}": it must be a pull request number, such as 42`);
  }
  return Number(value);
}

/** `/previews/42/`: the preview's base URL, and its home page. */
export function previewBaseUrl(pullRequest: number): string {
  return `/${PREVIEWS_SEGMENT}/${pullRequest}/`;
}

/** `previews/42/`: where the preview's files are kept in the bucket. */
export function previewKeyPrefix(pullRequest: number): string {
  return `${PREVIEWS_SEGMENT}/${pullRequest}/`;
}

/** The same page in production: the preview's path without its base URL (`/previews/42/a/b` → `/a/b`). */
export function productionPathOf(pathname: string, pullRequest: number): string {
  const base = previewBaseUrl(pullRequest);
  return pathname.startsWith(base) ? `/${pathname.slice(base.length)}` : pathname;
}

/** What a preview build carries in `customFields.preview`, for its banner. */
export interface PreviewFields {
  pullRequest: number;
  pullRequestUrl: string;
}

/** The preview a bucket key belongs to, and the key within that preview's build; null for production's keys. */
export function previewOfKey(key: string): { pullRequest: number; file: string } | null {
  const [segment, number, ...rest] = key.split('/');
  if (segment !== PREVIEWS_SEGMENT || number === undefined || !isPullRequestNumber(number)) return null;
  return { pullRequest: Number(number), file: rest.join('/') };
}

/**
 * Sent with every file of a preview, beside the pages' own `robots` meta: a search engine that ever
 * reached one (a leaked session, a misconfigured proxy) must not index it ("Robots meta tag and
 * X-Robots-Tag HTTP header specifications", Google Search Central).
 */
export const PREVIEW_ROBOTS_HEADER = { 'X-Robots-Tag': 'noindex, nofollow' } as const;
