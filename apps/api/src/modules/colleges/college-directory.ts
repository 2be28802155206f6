import { instituteAliases, nameKey } from '../../data/josaa/institute-aliases.ts';

export type NamedInstitute = { id: string; name: string; shortName: string };

/** How long a name index is trusted before a miss may reload it (a re-import can add institutes). */
const RELOAD_AFTER_MS = 10_000;

/**
 * One college identity: any way a page or link names a college resolves to its stable id. Accepted:
 * the id itself ('nit-goa'), the name as results show it, the short name ('NIT Goa'), and every
 * spelling in the reviewed alias table (renamings, NIRF's spellings), compared by `nameKey` (case,
 * punctuation, HTML entities and 'of/and/the' ignored), as the importers place names.
 *
 * Streams: each loader lists one stream's colleges (engineering today). NEET PG institutes join by
 * adding their loader, with ids that cannot collide (their own prefix); callers do not change.
 */
export function createCollegeDirectory(loaders: (() => Promise<NamedInstitute[]>)[]) {
  let index: { byKey: Map<string, string>; ids: Set<string> } | null = null;
  let loadedAt = 0;
  let loading: Promise<void> | null = null;
  const aliasKeys = new Map(Object.entries(instituteAliases).map(([from, to]) => [nameKey(from), nameKey(to)]));

  async function reload(): Promise<void> {
    loading ??= Promise.all(loaders.map((load) => load()))
      .then((lists) => {
        const rows = lists.flat();
        const byKey = new Map<string, string>();
        for (const r of rows) {
          byKey.set(nameKey(r.name), r.id);
          if (!byKey.has(nameKey(r.shortName))) byKey.set(nameKey(r.shortName), r.id);
        }
        index = { byKey, ids: new Set(rows.map((r) => r.id)) };
        loadedAt = Date.now();
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  function lookup(raw: string): string | null {
    if (!index) return null;
    const trimmed = raw.trim();
    if (index.ids.has(trimmed)) return trimmed;
    const key = nameKey(trimmed);
    return index.byKey.get(key) ?? index.byKey.get(aliasKeys.get(key) ?? '') ?? null;
  }

  return {
    /** The college's id, or null when no known college has that name. */
    async resolve(raw: string): Promise<string | null> {
      if (!index) await reload();
      const found = lookup(raw);
      if (found || Date.now() - loadedAt < RELOAD_AFTER_MS) return found;
      await reload();
      return lookup(raw);
    },
  };
}
export type CollegeDirectory = ReturnType<typeof createCollegeDirectory>;
