/** What the search box and page say under `npm start`, where no search index exists (it is built from a build's HTML). */
export const SEARCH_NEEDS_A_BUILD = 'Search works on a build: HANDBOOK_AUTH=local npm run build, then npm run serve.';
