/**
 * Which pages a deploy added, changed and removed, against the build that was live before it: the
 * run's summary lists them (run-summary.ts). A page is an HTML file of the build; its route is
 * the path readers open (`docs/guide.html` is `/docs/guide`, `docs/index.html` is `/docs/`).
 */
export interface PageChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

/** The route of a page file; null for a file that is not a page readers open. */
export function routeOfPage(file: string): string | null {
  if (!file.endsWith('.html') || file === '404.html' || file.startsWith('.gate/')) return null;
  return `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '$1')}`;
}

/** `before` and `after` map each file of a build to its content's MD5; `before` is null on a first deploy. */
export function pageChanges(before: Record<string, string> | null, after: Record<string, string>): PageChanges {
  const changes: PageChanges = { added: [], changed: [], removed: [] };
  for (const [file, md5] of Object.entries(after)) {
    const route = routeOfPage(file);
    if (!route) continue;
    if (!before || !(file in before)) changes.added.push(route);
    else if (before[file] !== md5) changes.changed.push(route);
  }
  for (const file of Object.keys(before ?? {})) {
    const route = routeOfPage(file);
    if (route && !(file in after)) changes.removed.push(route);
  }
  for (const list of Object.values(changes)) list.sort();
  return changes;
}
