/**
 * The gate's one decision, shared by the Node server and the CloudFront edge handler: given a
 * request and the build's manifest, serve a file, send the visitor to sign in, or refuse. Pure but
 * for `readSession`, which is asked only when the answer depends on it.
 */
import { PAGE_MIN_VALIDITY_SECONDS } from '../core/session-format';
import { SIGN_IN_PATH, SIGN_OUT_PATH, signInUrlFor } from '../core/sign-in-route';
import type { GateManifest } from './manifest';
import { previewNotFound, previewRoute, previewSiteOf } from './preview-route';
import type { VerifiedSession } from './session';

export interface GateRequest {
  method: string;
  /** The request target's path, still percent-encoded, without the query string. */
  path: string;
  /** The query string without its `?`, or empty. */
  query: string;
  accept?: string;
  /** `Sec-Fetch-Dest`: what the browser will do with the answer (`document` for a page). */
  secFetchDest?: string;
  /** `Sec-Fetch-Site`: who made the browser ask (`same-origin`, `same-site`, `cross-site`, `none`). */
  secFetchSite?: string;
}

export type Access = 'public' | 'protected';

export type Decision =
  | { action: 'serve'; file: string; status: 200 | 404; access: Access }
  | { action: 'redirect'; status: 301 | 302; location: string }
  /** The sign-out route: empty the browser's cache of the site (`Clear-Site-Data`), then sign in. */
  | { action: 'signOut'; status: 303; location: string }
  | { action: 'refuse'; status: 400 | 401 | 403 | 404 | 405; reason: string };

/**
 * What the gate needs from a build: which files are public, and which file a request path names.
 * The Node server knows every file of the build; the edge knows only the layout rule and lets the
 * bucket say whether the file exists (see `lambdas/edge/origin-response.ts`).
 */
export interface Site {
  publicFiles: ReadonlySet<string>;
  /** The build file the path's segments name, or null when there is none. */
  fileFor(segments: string[]): string | null;
  /** Whether the build has a not-found page to answer a missing page with. */
  hasNotFoundPage: boolean;
  /** The site of pull request N's preview, served under `/previews/<N>/` (gate/preview-route.ts), or null. */
  preview?(pullRequest: number): Site | null;
  /**
   * On the previews' origin: production's origin (`https://handbook.example.com`), where a production
   * page asked for here is sent (a preview banner's "This page in the handbook" link).
   */
  productionOrigin?: string;
}

export const NOT_FOUND_PAGE = '404.html';

/** The refusal of a file to a signed-in user outside the reader group. */
export const NOT_A_READER =
  'You are signed in, but not as a reader of the handbook: an administrator must add you to its reader group.';

/**
 * A site whose every file is known: the Node gate server's, listed from disk when it starts, with
 * the files of each preview build it serves beside it.
 */
export function siteOf(
  manifest: Pick<GateManifest, 'publicFiles'>,
  files: Iterable<string>,
  previews: ReadonlyMap<number, Iterable<string>> = new Map(),
): Site {
  const known = new Set(files);
  const previewSites = new Map(
    [...previews].map(([pullRequest, previewFiles]) => {
      const previewKnown = new Set(previewFiles);
      return [pullRequest, previewSiteOf((segments) => fileIn(segments, previewKnown))] as const;
    }),
  );
  return {
    publicFiles: new Set(manifest.publicFiles),
    fileFor: (segments) => fileIn(segments, known),
    hasNotFoundPage: known.has(NOT_FOUND_PAGE),
    preview: (pullRequest) => previewSites.get(pullRequest) ?? null,
  };
}

/**
 * A site known by its layout alone: the edge gate's. A page path names `<path>.html` (the root,
 * `index.html`); a last segment with an extension names that file, unless the build has a page of
 * that name (`dottedPages`, packaged with the function). Existence is the bucket's to say, so no
 * full file list is baked into the function and a deploy never strands a new file.
 */
export function siteByLayout(manifest: Pick<GateManifest, 'publicFiles'> & { dottedPages?: string[] }): Site {
  const dottedPages = new Set(manifest.dottedPages);
  // Any pull request's preview, by the same layout; its dotted pages are stored under their route
  // too (infra/preview-flow.ts), since no function knows a preview's pages.
  const previews = previewSiteOf((segments) => layoutFileFor(segments));
  return {
    publicFiles: new Set(manifest.publicFiles),
    fileFor: (segments) => layoutFileFor(segments, dottedPages),
    hasNotFoundPage: false,
    preview: () => previews,
  };
}

/** A last segment that looks like a file name: `main.0123abcd.js`, but also `python-3.12`. */
const LOOKS_LIKE_A_FILE = /\.[A-Za-z0-9]+$/;

/**
 * The pages whose route looks like a file name by its last segment (`docs/python-3.12.html`):
 * the only pages the layout rule alone would miss.
 */
export function pagesWithDottedRoutes(files: Iterable<string>): string[] {
  return [...files].filter((file) => file.endsWith('.html') && LOOKS_LIKE_A_FILE.test(file.slice(0, -'.html'.length)));
}

/** Docusaurus's layout with `trailingSlash: false`: every route is `<route>.html`. */
export function layoutFileFor(segments: string[], dottedPages: ReadonlySet<string> = new Set()): string {
  if (segments.length === 0) return 'index.html';
  const joined = segments.join('/');
  if (!LOOKS_LIKE_A_FILE.test(joined) || dottedPages.has(`${joined}.html`)) return `${joined}.html`;
  return joined;
}

/**
 * The request path as build-relative segments, or null when it could name anything outside the
 * build or a hidden file: `.` and `..` (however encoded), encoded or back slashes, NUL, empty
 * segments (`//`), dot files, undecodable escapes.
 */
export function pathSegments(rawPath: string): string[] | null {
  if (!rawPath.startsWith('/')) return null;
  const raw = rawPath.slice(1);
  if (raw === '') return [];
  const segments: string[] = [];
  const parts = raw.split('/');
  for (const [index, part] of parts.entries()) {
    if (part === '' && index === parts.length - 1) break;
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (segment === '' || segment.startsWith('.') || /[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

/** The build file a path names, among the files the build has. */
function fileIn(segments: string[], files: ReadonlySet<string>): string | null {
  if (segments.length === 0) return 'index.html';
  const joined = segments.join('/');
  for (const candidate of [joined, `${joined}.html`, `${joined}/index.html`]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/**
 * A browser loading a page, as opposed to a script, a prefetch or a fetch asking for a file.
 * Browsers that predate `Sec-Fetch-Dest` are judged by what they accept.
 */
export function wantsPage(request: GateRequest): boolean {
  if (request.secFetchDest) return request.secFetchDest === 'document';
  return (request.accept ?? '').includes('text/html');
}

/**
 * Asked for by the handbook's own pages, or by the reader (address bar, bookmark), or by a browser
 * too old to say. Anything else is another site using the reader's cookies: with `SameSite=Lax`, a
 * `<script src>` on any other origin of the same site is sent them, and would run the handbook's
 * chunks in that origin's page.
 */
function fromThisOrigin(request: GateRequest): boolean {
  return (
    request.secFetchSite === undefined || request.secFetchSite === 'same-origin' || request.secFetchSite === 'none'
  );
}

function withQuery(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}

/**
 * The clean URL of a path spelled with `.html`, `/index.html` or a trailing slash, as Docusaurus
 * links it (`trailingSlash: false`), or null when the path is already clean. Decided on the
 * spelling alone, so the answer says nothing about which pages exist.
 */
function cleanPath(path: string): string | null {
  const clean = path.replace(/(\/index)?\.html$/, '').replace(/\/+$/, '') || '/';
  return clean === path ? null : clean;
}

export async function decide(
  request: GateRequest,
  site: Site,
  readSession: () => Promise<VerifiedSession | null>,
  now = Date.now() / 1000,
): Promise<Decision> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return { action: 'refuse', status: 405, reason: 'Only GET and HEAD are served.' };
  }
  if (request.path === SIGN_OUT_PATH) {
    // The query (the page to come back to) goes only to the sign-in route, which checks it.
    return { action: 'signOut', status: 303, location: withQuery(SIGN_IN_PATH, request.query) };
  }
  const segments = pathSegments(request.path);
  if (!segments) return { action: 'refuse', status: 400, reason: 'Bad path.' };
  const route = previewRoute(request.path, segments, site, cleanPath);
  if (route.kind === 'redirect')
    return { action: 'redirect', status: 301, location: withQuery(route.location, request.query) };
  const clean = route.kind === 'production' ? cleanPath(request.path) : null;
  if (clean) return { action: 'redirect', status: 301, location: withQuery(clean, request.query) };
  // A preview's file is named by its key in the bucket (`previews/<N>/…`).
  const target = route.kind === 'preview' ? route.site : site;
  const found = target.fileFor(route.kind === 'preview' ? route.segments : segments);
  const file = found === null || route.kind !== 'preview' ? found : route.keyPrefix + found;
  if (found && file && target.publicFiles.has(found)) return { action: 'serve', file, status: 200, access: 'public' };
  // A production page asked for on the previews' origin is production's to serve, on its own origin.
  if (route.kind === 'production' && site.productionOrigin) {
    return {
      action: 'redirect',
      status: 302,
      location: withQuery(`${site.productionOrigin}${request.path}`, request.query),
    };
  }

  // Past this point the answer is the same for a missing file as for a protected one, so a
  // signed-out visitor learns nothing about which pages exist.
  const page = wantsPage(request);
  const signInRedirect = (): Decision => ({
    action: 'redirect',
    status: 302,
    location: signInUrlFor(withQuery(request.path, request.query)),
  });
  // A link followed from another site (chat, email) passes by the sign-in route, whose own page
  // then opens it: a same-origin load. Nothing else from another site is served.
  if (!fromThisOrigin(request)) {
    return page
      ? signInRedirect()
      : { action: 'refuse', status: 403, reason: 'Only the handbook’s own pages may load this.' };
  }
  const servedFile = file ?? (page && target.hasNotFoundPage ? NOT_FOUND_PAGE : null);
  const needed = servedFile?.endsWith('.html') ? PAGE_MIN_VALIDITY_SECONDS : 0;
  const session = await readSession();
  if (!session || session.expiresAt - now <= needed) {
    if (page) return signInRedirect();
    return { action: 'refuse', status: 401, reason: 'Sign in to read the handbook.' };
  }
  // Signed in but outside the reader group: a page load goes to the sign-in route, whose page
  // reads the group from the tokens and says who is signed in and that an administrator must
  // grant access (src/components/NotAReader); any other file is refused as forbidden.
  if (!session.reader) {
    if (page) return signInRedirect();
    return { action: 'refuse', status: 403, reason: NOT_A_READER };
  }
  if (!servedFile) {
    const reason = route.kind === 'preview' && route.pullRequest ? previewNotFound(route.pullRequest) : 'Not found.';
    return { action: 'refuse', status: 404, reason };
  }
  return { action: 'serve', file: servedFile, status: file ? 200 : 404, access: 'protected' };
}
