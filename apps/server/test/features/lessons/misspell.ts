/**
 * A question with its key word misspelt the way students do (issue 46): two neighbouring letters
 * swapped, one letter dropped, or one doubled. The key word is the longest of five letters or more;
 * the kind and place of the slip follow from the question, so every run misspells alike. A question
 * with no such word comes back unchanged.
 */
export function misspell(query: string): string {
  const words = query.match(/\p{L}{5,}/gu) ?? [];
  const key = words.reduce<string | null>(
    (longest, word) => (word.length > (longest?.length ?? 0) ? word : longest),
    null,
  );
  if (!key) return query;
  const seed = [...query].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  const at = 1 + (seed % (key.length - 2));
  const slips = [
    () => key.slice(0, at) + key[at + 1] + key[at] + key.slice(at + 2),
    () => key.slice(0, at) + key.slice(at + 1),
    () => key.slice(0, at) + key[at] + key.slice(at),
  ];
  return query.replace(key, slips[seed % slips.length]!());
}
