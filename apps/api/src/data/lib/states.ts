import { homeStates } from '@rankwise/contract/reference';

/** Letters only, upper case: 'Delhi (NCT)' → 'DELHINCT', 'MAHARAS HTRA' → 'MAHARASHTRA'. */
const letters = (s: string) => s.toUpperCase().replace(/[^A-Z]/g, '');

/**
 * Every spelling of a state or union territory met in the data sets → the contract's name.
 * GeoNames writes 'Chattisgarh', 'Pondicherry', 'Jammu & Kashmir' and 'Andaman & Nicobar Islands';
 * MCC writes 'Delhi (NCT)', 'Orissa' and the pre-2020 UT names.
 */
const aliases: [string, string][] = [
  ...homeStates.filter((s) => s !== 'Outside India').map((s): [string, string] => [s, s]),
  ['Delhi (NCT)', 'Delhi'],
  ['New Delhi', 'Delhi'],
  ['Orissa', 'Odisha'],
  ['Pondicherry', 'Puducherry'],
  ['Chattisgarh', 'Chhattisgarh'],
  ['Dadra and Nagar Haveli', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['Daman and Diu', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['The Dadra and Nagar Haveli and Daman and Diu', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['Uttaranchal', 'Uttarakhand'],
  ['Jammu & Kashmir', 'Jammu and Kashmir'],
  ['Andaman & Nicobar Islands', 'Andaman and Nicobar Islands'],
  ['Andaman and Nicobar', 'Andaman and Nicobar Islands'],
].map(([alias, state]) => [letters(alias), state]);

const byLetters = new Map(aliases);

/** A state or UT name as the contract spells it, or null when the text is not (only) a state's name. */
export function canonicalState(name: string | undefined | null): string | null {
  if (!name?.trim()) return null;
  return byLetters.get(letters(name)) ?? null;
}

/**
 * The state named last in an address (MCC addresses end with the state, sometimes followed by the
 * PIN code), compared on letters only so that PDF-split words ('MAHARAS HTRA') still match. Of two
 * names ending at the same place the longer wins ('Dadra and Nagar Haveli and Daman and Diu' over
 * 'Daman and Diu'). Null when no state is named.
 */
export function stateFromAddress(address: string): string | null {
  const k = letters(address);
  let best: { end: number; len: number; state: string } | null = null;
  for (const [alias, state] of aliases) {
    const at = k.lastIndexOf(alias);
    if (at < 0) continue;
    const end = at + alias.length;
    if (!best || end > best.end || (end === best.end && alias.length > best.len)) best = { end, len: alias.length, state };
  }
  return best?.state ?? null;
}
