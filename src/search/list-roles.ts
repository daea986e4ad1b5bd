/**
 * The roles of the search box's suggestions, as ARIA's combobox pattern wants them (issue 46: axe
 * on the open list found a combobox without `aria-controls`, and a listbox holding more than
 * options). search-local's autocomplete makes its whole dropdown the listbox, and puts in it the
 * wrappers of its one dataset and the footer's "See all results" link. Here the dropdown becomes a
 * plain box, the list of suggestions inside it the listbox that the combobox controls and owns, and
 * the dataset's wrapper presentational, so the link sits beside the listbox, not in it.
 */

/**
 * Gives the list of `input` (search-local's combobox) its roles. The dropdown sits beside the input
 * in autocomplete's wrapper, and autocomplete draws a new list of suggestions for every query: this
 * runs again on each, and again on the same list is harmless.
 */
export function fixListRoles(input: HTMLInputElement): void {
  const menu = input.parentElement?.querySelector<HTMLElement>("[class*='dropdownMenu_']");
  const options = menu?.querySelector<HTMLElement>("[class*='suggestions_']");
  if (!menu?.id || !options) return;
  menu.setAttribute('role', 'presentation');
  options.id = `${menu.id}-options`;
  options.setAttribute('role', 'listbox');
  for (const wrapper of Array.from(menu.querySelectorAll("[class*='dataset_']")))
    wrapper.setAttribute('role', 'presentation');
  input.setAttribute('aria-owns', options.id);
  input.setAttribute('aria-controls', options.id);
}
