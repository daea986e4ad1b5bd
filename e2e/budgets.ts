/**
 * Time budgets, measured on this project's 2-core machines (newcomer review 3 and round 4):
 * - quiet (load average 4): a page test 5-8 s; an axe run on a 100-result search page 5-8 s;
 * - busy (load average 20-24, other builds and suites beside it): signing the demo reader in 50 s
 *   from a cold browser; a test opening three pages and drawing a diagram 45-80 s; hydration of a
 *   page over 10 s; the identity service up in 26 s. The former 30 s per test and 10 s per
 *   assertion failed there on time alone.
 * A test gets three times the slowest busy figure of its kind; an assertion waits as long as a
 * busy page takes to hydrate, three times over.
 */
export const budgets = { test: 150_000, expect: 30_000 } as const;

/**
 * A search's results, in the search specs: the first query of a page downloads an index and loads it
 * into lunr in the reader's browser. Measured from typing to the first result: the whole
 * handbook's 2.8 MB index 4.5 s quiet, 45-56 s with two suites side by side (load 21-26), where a
 * 30 s assertion failed on time alone. Three times the busy figure for the assertion; a test that
 * waits for it gets that on top of its own budget.
 */
const firstResults = 3 * 56_000;
export const searchBudgets = { test: budgets.test + firstResults, expect: firstResults } as const;
