/** Text or an attribute value (single- or double-quoted) safe inside HTML: `&<>"'` as character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
