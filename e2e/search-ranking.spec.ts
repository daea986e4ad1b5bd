/**
 * The page a query names comes first (issue 46, item 1): through the real index, in the search box
 * a reader types into. A query that names a page's title, its topic or an identifier it documents
 * puts that page in the first two suggestions, from the home page and from inside a section.
 */
import type { Page } from '@playwright/test';
import { pageTitlesByPath } from './build-output';
import { searchBudgets } from './budgets';
import { expect as expectWithPageBudgets, test } from './fixtures';
import { open } from './helpers';
import { docRoutes } from './routes';

/** Every test here waits on search index files (searchBudgets). */
test.describe.configure({ timeout: searchBudgets.test });
const expect = expectWithPageBudgets.configure({ timeout: searchBudgets.expect });

/**
 * Queries drawn from the handbook's titles, glossary and code, each with the title of the page that
 * must be among the first two suggestions: identifiers with punctuation, words written without
 * their hyphen or space, acronyms the handbook defines, and phrases of a page's own text.
 */
const namedPages = [
  { query: 'PHI', title: 'Security and Compliance' },
  { query: 'oncall', title: 'Engineering On-Call' },
  { query: 'CCM', title: 'Claims Submission' },
  { query: 'on call', title: 'Engineering On-Call' },
  { query: 'authorize_mutation!', title: 'Authorize a Mutation' },
  { query: 'on-call', title: 'Engineering On-Call' },
  { query: 'phq9.v2.json', title: 'Forms' },
  { query: 'MRN', title: 'Glossary' },
  { query: 'submitFormResponse', title: 'Forms' },
  { query: 'TCPA', title: 'Regal' },
  { query: 'snowflake_replicator', title: 'PostgreSQL Connector' },
  { query: 'FetchVoicemailRecordingJob', title: 'Managing Voicemails' },
  { query: 'EFT', title: 'Adding a New Payer' },
  { query: 'Comms::FetchVoicemailRecordingJob', title: 'Managing Voicemails' },
  { query: 'NPI', title: 'Claims Clearinghouse (Availity)' },
  { query: 'RecalculateProblemStatesJob', title: 'Problem States' },
  { query: 'Flipper', title: 'Feature Flags in Code' },
  { query: 'Sidekiq', title: 'Background Jobs' },
  { query: 'Packwerk', title: 'ADR: Modular Monolith' },
  { query: 'RUM', title: 'Datadog RUM' },
  { query: 'first deploy', title: 'From Zero to First Deploy' },
  { query: 'ecs deployments', title: 'ECS Deployments' },
  { query: 'structured logging', title: 'ADR: Structured JSON Logging' },
  { query: 'Session Manager port forwarding', title: 'Bastion' },
];

const searchBox = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByPlaceholder('Search');

/** Whether a suggestion's text (its title, then its path, "Section › … › Page › Heading") is of the page titled `title`. */
const isOf = (suggestion: string, title: string) =>
  suggestion.startsWith(title) || suggestion.includes(`› ${title}`) || suggestion.endsWith(title);

/**
 * The first two suggestions for `query`, once the list is this query's: its footer's link to the
 * search page carries the query the list was made for (search-local builds both in one render).
 */
async function firstTwoFor(page: Page, query: string): Promise<string[]> {
  await searchBox(page).fill(query);
  const forThisQuery = new RegExp(
    `[?&]${new URLSearchParams({ q: query }).toString().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(&|$)`,
  );
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^See all results/ }),
  ).toHaveAttribute('href', forThisQuery);
  return page.getByRole('option').evaluateAll((found) => found.slice(0, 2).map((option) => option.textContent ?? ''));
}

/** The queries whose first two suggestions lack the page they name, each with what the list offered. */
async function misplaced(page: Page, queries: { query: string; title: string }[]): Promise<string[]> {
  await searchBox(page).click();
  const wrong: string[] = [];
  for (const { query, title } of queries) {
    const firstTwo = await firstTwoFor(page, query);
    if (!firstTwo.some((suggestion) => isOf(suggestion, title))) {
      wrong.push(`"${query}" should offer ${title}, offered ${JSON.stringify(firstTwo)}`);
    }
  }
  return wrong;
}

for (const start of ['/', '/data/snowflake/postgresql_connector']) {
  test(`from ${start}, each query puts the page it names in the first two suggestions`, async ({ page }) => {
    await open(page, start);
    expect(await misplaced(page, namedPages)).toEqual([]);
  });
}

/**
 * Every documentation page, searched by its title from the home page: a new page is tested without
 * anyone writing a test. (The index holds the documentation; the search page and the categories'
 * generated lists are not in it.)
 */
test('every documentation page’s title, searched from the home page, offers that page first or second', async ({
  page,
}) => {
  const docs = new Set(docRoutes);
  const titles = [
    ...new Set(
      pageTitlesByPath()
        .filter(([path]) => docs.has(path))
        .map(([, title]) => title),
    ),
  ];
  expect(titles.length).toBeGreaterThan(50);
  await open(page, '/');
  expect(
    await misplaced(
      page,
      titles.map((title) => ({ query: title, title })),
    ),
  ).toEqual([]);
});
