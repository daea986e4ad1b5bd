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
