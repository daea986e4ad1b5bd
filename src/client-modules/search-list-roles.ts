/**
 * Keeps the search box's suggestions in ARIA's combobox pattern (src/search/list-roles.ts) as
 * search-local's autocomplete draws them: each time the navbar's search box changes the list.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { fixListRoles } from '@site/src/search/list-roles';

if (ExecutionEnvironment.canUseDOM) {
  new MutationObserver(() => {
    for (const input of Array.from(
      document.querySelectorAll<HTMLInputElement>('.navbar__search input[role="combobox"]'),
    )) {
      fixListRoles(input);
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
}
