/**
 * The acronyms a page defines, so that a search for one puts the page that defines it first
 * (newcomer review 4, friction 6: `PHI` found four "PHI and …" sections before "What counts as PHI").
 * The handbook defines an acronym in one of two ways, and only these count:
 * - in prose, the words then the acronym in brackets: "protected health information (PHI)",
 *   "Chronic Care Management (CCM)";
 * - in the glossary, the acronym, a colon, then the words: "PHI: Protected Health Information: …".
 * Either way the words' initials must spell the acronym, so "(see below)" or "(A2)" define nothing.
 */

/** Small words an expansion may hold without an initial of its own ("Department of Health"). */
const JOINING_WORDS = new Set(['of', 'and', 'the', 'for', 'to', 'in', 'on', 'a', 'an', '&']);

/** An acronym's letters and digits, lower-case, when it looks like one: 2 to 8 characters, capitals first. */
function acronymLetters(candidate: string): string | undefined {
  return /^[A-Z][A-Z0-9]{1,7}$/.test(candidate) ? candidate.toLowerCase() : undefined;
}

/** Whether the initials of `words`, joining words skipped, spell `letters` exactly. */
function initialsSpell(words: string[], letters: string): boolean {
  const initials = words
    .flatMap((word) => word.split('-'))
    .filter((word) => word && !JOINING_WORDS.has(word.toLowerCase()))
    .map((word) => word[0].toLowerCase())
    .join('');
  return initials === letters;
}

/** "… protected health information (PHI)": the acronym when the words just before spell it. */
function bracketed(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\(([A-Z][A-Z0-9]{1,7})\)/g)) {
    const letters = acronymLetters(match[1]);
    if (!letters) continue;
    const before = text
      .slice(0, match.index)
      .trimEnd()
      .split(/\s+/)
      .slice(-2 * letters.length);
    for (let start = 0; start < before.length; start += 1) {
      if (initialsSpell(before.slice(start), letters)) {
        found.push(letters);
        break;
      }
    }
  }
  return found;
}

/** "PHI: Protected Health Information: …", at the start of the text or of a sentence. */
function glossaryStyle(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|[.!?]\s+)([A-Z][A-Z0-9]{1,7}): ([^:.;,(]+)/g)) {
    const letters = acronymLetters(match[1]);
    const words = match[2].trim().split(/\s+/);
    if (!letters) continue;
    for (let end = 1; end <= words.length; end += 1) {
      if (initialsSpell(words.slice(0, end), letters)) {
        found.push(letters);
        break;
      }
    }
  }
  return found;
}

/** The acronyms `text` defines, lower-case, each once. */
export function acronymsDefinedIn(text: string): string[] {
  return [...new Set([...bracketed(text), ...glossaryStyle(text)])];
}
