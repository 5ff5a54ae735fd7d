/**
 * Tags on notes, as Anki has them: no white space, compared without regard to case, and
 * hierarchical with `::` (`lang::verbs` is a child of `lang`; renaming `lang` renames it).
 */

const key = (tag: string) => tag.toLowerCase();

/** Tags in order with duplicates (in any case) dropped, the first spelling kept. */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags) {
    if (seen.has(key(tag))) continue;
    seen.add(key(tag));
    out.push(tag);
  }
  return out;
}

/** `tags` with `add` appended (those it has in any case are not) and `remove` taken out. */
export function changeTags(
  tags: readonly string[],
  change: { add?: readonly string[]; remove?: readonly string[] },
): string[] {
  const removed = new Set((change.remove ?? []).map(key));
  return uniqueTags([...tags, ...(change.add ?? [])]).filter((tag) => !removed.has(key(tag)));
}

/** Whether `tag` is `parent` or one of its `::` children. */
export function isTagOrChild(tag: string, parent: string): boolean {
  const t = key(tag);
  const p = key(parent);
  return t === p || t.startsWith(`${p}::`);
}

/** `tags` with `from` and its children renamed to `to` (`from::x` becomes `to::x`). */
export function renameTag(tags: readonly string[], from: string, to: string): string[] {
  return uniqueTags(
    tags.map((tag) => (isTagOrChild(tag, from) ? `${to}${tag.slice(from.length)}` : tag)),
  );
}
