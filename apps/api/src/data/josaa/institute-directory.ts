import { extraInstitutes, instituteAliases, nameKey, stateAliases } from './institute-aliases.ts';

export type InstituteType = 'IIT' | 'NIT' | 'IIIT' | 'GFTI';
export type CanonicalInstitute = { id: string; name: string; shortName: string; type: InstituteType; state: string | null };

const typeByLabel: Record<string, InstituteType> = {
  'Indian Institute of Technology': 'IIT',
  'National Institute of Technology': 'NIT',
  'Indian Institute of Information Technology': 'IIIT',
  'Government Funded Technical Institutions': 'GFTI',
};

export function slugify(s: string): string {
  return s
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Resolves any spelling of an institute to its canonical record: institutes.csv rows with a short
 * name are canonical; other spellings reach one through the reviewed alias table.
 */
export class InstituteDirectory {
  readonly institutes: CanonicalInstitute[] = [];
  private readonly byKey = new Map<string, CanonicalInstitute>();
  private readonly aliasKeys = new Map<string, string>();
  readonly unplaced = new Set<string>();

  constructor(rows: { Institute: string; 'Short Name': string; State: string; 'Institute Type': string }[]) {
    for (const [from, to] of Object.entries(instituteAliases)) this.aliasKeys.set(nameKey(from), nameKey(to));
    for (const r of rows) {
      if (!r['Short Name'].trim()) continue; // a duplicate spelling: placed through the alias table
      const type = typeByLabel[r['Institute Type']];
      if (!type) throw new Error(`unknown institute type '${r['Institute Type']}' for ${r.Institute}`);
      this.add(r.Institute, r['Short Name'], type, r.State);
    }
    for (const e of extraInstitutes) this.add(e.name, e.shortName, e.type, e.state);
  }

  private add(rawName: string, shortName: string, type: InstituteType, state: string): void {
    const name = decode(rawName);
    const shortDecoded = decode(shortName);
    // The id is the URL slug of the college page: it must not depend on the order of the rows.
    const id = slugify(shortDecoded.length <= 40 ? shortDecoded : name);
    if (this.institutes.some((i) => i.id === id)) throw new Error(`two institutes would get the id '${id}' (${name}): give one a distinct short name`);
    const inst: CanonicalInstitute = { id, name, shortName: shortDecoded, type, state: state ? (stateAliases[state] ?? state) : null };
    this.institutes.push(inst);
    this.byKey.set(nameKey(rawName), inst);
  }

  /** The canonical record, or null (and the name is remembered as unplaced). */
  resolve(rawName: string): CanonicalInstitute | null {
    const key = nameKey(rawName);
    const found = this.byKey.get(key) ?? this.byKey.get(this.aliasKeys.get(key) ?? '');
    if (!found) this.unplaced.add(rawName);
    return found ?? null;
  }

  /** Like resolve, for sources (NIRF) that also list institutes outside JoSAA: no unplaced record. */
  find(rawName: string): CanonicalInstitute | null {
    const key = nameKey(rawName);
    return this.byKey.get(key) ?? this.byKey.get(this.aliasKeys.get(key) ?? '') ?? null;
  }
}

function decode(s: string): string {
  return s.replaceAll('&amp;', '&').replace(/\s+/g, ' ').trim();
}
