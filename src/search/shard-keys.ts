/**
 * Which shard of the index holds a term. Terms are grouped by their first two characters; a group
 * too large for one small download is split by the next character, and again, so that no shard
 * outgrows a few tens of KiB. A split group's terms that end where it splits (the term "co" of the
 * split group "co") get a shard of their own, named with a trailing `_` (no term holds `_`: terms are
 * letters and digits, src/search/terms.ts).
 *
 * A shard's key goes into a file name (`search-index-_t-<key>-<hash>.json`), which the gate and the
 * edge match as `[\w-]+`: a character outside [a-z0-9] is written as `x` and its code in hex.
 */

/** The shortest prefix a shard is keyed by (a shorter term is its own key). */
export const FIRST_KEY_LENGTH = 2;

/** A shard key as it goes into a file name: [a-z0-9_] kept, anything else `x<hex code>`. */
export function fileKey(key: string): string {
  return [...key].map((char) => (/[a-z0-9_]/.test(char) ? char : `x${char.codePointAt(0)?.toString(16)}`)).join('');
}

/** The key of the shard that holds `term`, among the shards `keys` (every shard of the index). */
export function shardOf(term: string, keys: ReadonlySet<string>): string | undefined {
  const chars = [...term];
  for (let length = Math.min(FIRST_KEY_LENGTH, chars.length); length <= chars.length; length += 1) {
    const prefix = chars.slice(0, length).join('');
    if (length === chars.length && keys.has(`${prefix}_`)) return `${prefix}_`;
    if (keys.has(prefix)) return prefix;
  }
  return undefined;
}

/** The keys of the shards that hold the terms starting with `prefix`. */
export function shardsStartingWith(prefix: string, keys: ReadonlySet<string>): string[] {
  const own = shardOf(prefix, keys);
  if (own && !own.endsWith('_')) return [own];
  return [...keys].filter((key) => key.startsWith(prefix));
}

/**
 * The shard keys for a set of terms: every term under the prefix of its first `FIRST_KEY_LENGTH`
 * characters, and a group of more than `maxPerShard` index bytes split by the next character.
 */
export function assignShards(termSizes: ReadonlyMap<string, number>, maxPerShard: number): Map<string, string> {
  const shards = new Map<string, string>();
  const place = (terms: string[], length: number): void => {
    const groups = new Map<string, string[]>();
    for (const term of terms) {
      const chars = [...term];
      const key = chars.length <= length ? term : chars.slice(0, length).join('');
      groups.set(key, [...(groups.get(key) ?? []), term]);
    }
    for (const [key, members] of groups) {
      const size = members.reduce((total, term) => total + (termSizes.get(term) ?? 0), 0);
      const splittable = members.some((term) => [...term].length > length);
      if (size <= maxPerShard || !splittable || [...key].length < length) {
        for (const term of members) shards.set(term, key);
      } else {
        const ending = members.filter((term) => [...term].length === length);
        for (const term of ending) shards.set(term, `${key}_`);
        place(
          members.filter((term) => [...term].length > length),
          length + 1,
        );
      }
    }
  };
  place([...termSizes.keys()], FIRST_KEY_LENGTH);
  return shards;
}
