/**
 * How the gate finds a pull request's preview (core/preview.ts): a path under `/previews/<N>/` names
 * a file of that preview's build, stored under `previews/<N>/`, by the same rules as production's
 * paths; everything of a preview is protected. Previews are served on an origin of their own
 * (`siteForOrigin`): there a preview's pages sign in at that origin's `/sign-in` (production's
 * sign-in shell, its one public part), so nothing a preview runs shares production's cookies or
 * storage. The decision itself (who may read it) is production's, in decide.ts.
 */
import { isPullRequestNumber, previewBaseUrl, previewKeyPrefix, PREVIEWS_SEGMENT } from '../core/preview';
import type { Site } from './decide';

/** What a missing file of a preview answers, here and at the edge (lambdas/edge/origin-response.ts). */
export function previewNotFound(pullRequest: number): string {
  return `Not found in the preview of pull request ${pullRequest}: the page may be new in production only, or the preview was removed.`;
}

/** A site with no file at all: a preview that does not exist, or a path under `/previews/` naming none. */
const NOTHING: Site = { publicFiles: new Set(), fileFor: () => null, hasNotFoundPage: false };

/** A preview's files: none public, whatever its build's manifest says. */
export function previewSiteOf(fileFor: Site['fileFor']): Site {
  return { publicFiles: new Set(), fileFor, hasNotFoundPage: false };
}

/** Which of the two origins a request reached: production's, or the previews' own. */
export type Origin = 'production' | 'previews';

/**
 * The part of `site` an origin serves. Production's origin answers nothing under `/previews/`: a
 * pull request's code must never run where production's session is. The previews' origin serves
 * the previews and, of production's build, only its public files (the sign-in shell), so a reader
 * signs in there; no production page is served on it: one asked for is sent to `productionOrigin`.
 */
export function siteForOrigin(site: Site, origin: Origin, productionOrigin?: string): Site {
  if (origin === 'production') return { ...site, preview: undefined };
  return {
    productionOrigin,
    publicFiles: site.publicFiles,
    fileFor: (segments) => {
      const file = site.fileFor(segments);
      return file !== null && site.publicFiles.has(file) ? file : null;
    },
    hasNotFoundPage: false,
    preview: site.preview,
  };
}

export type PreviewRoute =
  /** The path is production's. */
  | { kind: 'production' }
  /** The path spelled otherwise than the preview links it: redirect (301) there. */
  | { kind: 'redirect'; location: string }
  /** A file of preview `pullRequest` (or of none), named by `segments` within it. */
  | { kind: 'preview'; pullRequest: number | null; site: Site; segments: string[]; keyPrefix: string };

/**
 * @param rawPath the request's path, still percent-encoded
 * @param segments its decoded segments (decide.ts `pathSegments`)
 * @param clean the clean spelling of a path, or null when it is clean (decide.ts `cleanPath`)
 */
export function previewRoute(
  rawPath: string,
  segments: string[],
  site: Site,
  clean: (path: string) => string | null,
): PreviewRoute {
  if (segments[0] !== PREVIEWS_SEGMENT) return { kind: 'production' };
  const number = segments[1];
  // A site without previews (production's origin) says nothing of them, not even their names.
  if (number === undefined || !isPullRequestNumber(number) || !site.preview) {
    return { kind: 'preview', pullRequest: null, site: NOTHING, segments: [], keyPrefix: '' };
  }
  const pullRequest = Number(number);
  const base = previewBaseUrl(pullRequest);
  // The preview's home is its base URL, with the slash Docusaurus links it with (`/previews/42/`).
  if (!rawPath.startsWith(base)) return { kind: 'redirect', location: base };
  const within = rawPath.slice(base.length - 1);
  const cleanWithin = clean(within);
  if (cleanWithin) return { kind: 'redirect', location: `${base}${cleanWithin.slice(1)}` };
  return {
    kind: 'preview',
    pullRequest,
    site: site.preview?.(pullRequest) ?? NOTHING,
    segments: segments.slice(2),
    keyPrefix: previewKeyPrefix(pullRequest),
  };
}
