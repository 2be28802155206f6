import { canonicalState } from '../lib/states.ts';

/*
 * Display names for NEET PG institutes (docs/decisions/0005). MCC writes names in upper case with
 * PDF-extraction and form-filling noise: the address run into the name ('Mahatma Gandhi Hospital,
 * Bhilwara Swami Ram Charan Marg, ...'), the state appended (', Rajasthan', 'STATE UTTAR'), stray
 * commas, and names cut at 100 characters. The display name is the institute's name only, in
 * sensible capitalisation that keeps acronyms; the raw strings are kept for search.
 */

/** Acronyms with a vowel (those without one, e.g. 'GMC', 'SMS', 'RML', are recognised as such). */
const ACRONYMS = new Set([
  'AIIMS',
  'AMU',
  'AMRI',
  'ABVIMS',
  'AFMC',
  'ASMC',
  'BARC',
  'BHEL',
  'BHU',
  'BIMHAS',
  'CIMS',
  'DIMHANS',
  'ESI',
  'ESIC',
  'ESIS',
  'GITAM',
  'GMERS',
  'ICU',
  'IGIMS',
  'IGMC',
  'IMS',
  'INHS',
  'IPGME',
  'IPGMER',
  'JIPMER',
  'KEM',
  'KGMU',
  'KIMS',
  'KLE',
  'LNJP',
  'MAMC',
  'MES',
  'MKCG',
  'NEIGRIHMS',
  'NICU',
  'NIMHANS',
  'NIMS',
  'NRI',
  'PGI',
  'PGICH',
  'PGIMER',
  'PGIMS',
  'PGIMSR',
  'PICU',
  'RIMS',
  'RUHS',
  'SAIL',
  'SCB',
  'SGPGI',
  'SGPGIMS',
  'SIMS',
  'SKIMS',
  'SUM',
  'SVIMS',
  'TMA',
  'UCMS',
  'UT',
  'VIMHANS',
  'VIMS',
  'VMMC',
  'WBUHS',
  'II',
  'III',
  'IV',
  'VI',
  'VII',
  'VIII',
  'IX',
  'XI',
  'XII',
  // Hospital and trust names written as acronyms in the MCC fee file.
  'BAPS',
  'BIRRD',
  'CAIMS',
  'FIMS',
  'HMRI',
  'HOSMAT',
  'INDLAS',
  'IQRAA',
  'MMI',
  'MRI',
  'PBMA',
  'PCMC',
  'PIOS',
  'PSRI',
  'RBMS',
  'SAL',
  'SBKS',
  'SBLS',
  'SGVP',
  'SSIOT',
  'VCSG',
]);

/** Abbreviations written with a capital only. */
const TITLE_CASE = new Map(
  ['Dr', 'St', 'Smt', 'Shri', 'Pt', 'Mt', 'Mr', 'Mrs', 'Pvt', 'Ltd', 'Govt', 'Dist', 'Distt', 'No', 'Opp', 'Km'].map((w) => [w.toUpperCase(), w]),
);
const LOWER = new Set(['OF', 'AND', 'THE', 'FOR', 'IN', 'AT', 'ON', 'TO', 'BY', 'WITH', 'AN', 'BE', 'AS']);

function caseWord(word: string, first: boolean): string {
  const u = word.toUpperCase();
  if (u.length === 1) return u;
  if (!first && LOWER.has(u)) return u.toLowerCase();
  if (TITLE_CASE.has(u)) return TITLE_CASE.get(u)!;
  if (ACRONYMS.has(u) || !/[AEIOU]/.test(u)) return u;
  return u[0] + u.slice(1).toLowerCase();
}

/** 'JAWAHARLAL NEHRU MEDICAL COLLEGE' → 'Jawaharlal Nehru Medical College'; 'PGIMER, DR RML HOSPITAL' → 'PGIMER, Dr RML Hospital'. */
export function titleCase(name: string): string {
  let first = true;
  return name.replace(/[A-Za-z]+('[A-Za-z]+)?/g, (w, tail: string | undefined, at: number) => {
    const head = tail ? w.slice(0, -tail.length) : w;
    // 'a' alone between spaces is the article; a letter next to a dot is an initial ('K.A.P.').
    const article = head.toUpperCase() === 'A' && !first && name[at - 1] === ' ' && name[at + 1] === ' ';
    const out = article ? 'a' : caseWord(head, first);
    first = false;
    return out + (tail ?? '').toLowerCase();
  });
}

/** Comma-separated parts at parenthesis depth 0. */
function segments(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((p) => p.trim()).filter((p) => p && !/^[-.\s]*$/.test(p));
}

const STATE_NAMES = [
  'Andaman and Nicobar',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Chhattisgarh',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Madhya Pradesh',
  'Maharashtra',
  'Tamil Nadu',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
].map((s) => s.toUpperCase());

/** City names that are also the name of their state or UT: part of an institute's name, not noise. */
const CITY_STATES = new Set(['DELHI', 'NEW DELHI', 'CHANDIGARH', 'PUDUCHERRY', 'PONDICHERRY', 'NCR DELHI', 'DELHI NCR']);

/** A part that only names a state (possibly cut short, 'Uttar Pr'), a PIN, 'India' or an e-mail address. */
function isNoise(part: string): boolean {
  const p = part.replace(/[-\s]*\d{3}\s?\d{3}$/, '').trim();
  if (!p || /^[\d\s./-]*$/.test(p) || /@/.test(p) || /^india$/i.test(p) || p.replace(/[^A-Za-z]/g, '').length < 2) return true;
  if (
    CITY_STATES.has(
      p
        .toUpperCase()
        .replace(/[^A-Z ]/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
  )
    return false;
  if (canonicalState(p)) return true;
  const u = p.toUpperCase().replace(/\s+/g, ' ');
  if (/^(U\.?\s?P\.?|J\s?&\s?K|M\.?\s?P\.?)$/.test(u)) return true;
  if (u.length >= 6 && STATE_NAMES.some((s) => s.startsWith(u) && s !== u)) return true;
  // The same state twice, or 'Telangana State'.
  return u.split(' ').every((w) => w === 'STATE' || canonicalState(w) !== null);
}

/** A part that is an address line rather than part of the name. */
const ADDRESS_PART =
  /\b(road|rd|marg|street|lane|sector|plot|near|opp|opposite|junction|bypass|highway|village|vill|p\.?\s?o|floor|building|campus|chowk|nagar road|bazar|bazaar)\b|\d/i;

/**
 * The display name of an institute from the name MCC gives it (`name`); `full` is MCC's whole
 * "name, address" string, used to complete a name the fee file cut at 100 characters.
 */
export function displayName(name: string, full?: string): string {
  let s = name.replaceAll('`', "'").replace(/\s+/g, ' ').trim();
  const fullClean = full?.replaceAll('`', "'").replace(/\s+/g, ' ').trim();
  if (name.length >= 99 && fullClean?.startsWith(s)) {
    // Complete the cut name up to the end of its comma-separated part.
    const rest = fullClean.slice(s.length);
    const end = segments(`x${rest}`)[0].length - 1;
    s = s + rest.slice(0, Math.max(0, end));
  }
  // 'ALIGARH MUSLIM UNIVERSITY STATE UTTAR': a state label run into the name.
  s = s.replace(/\s+STATE\s+[A-Z]+$/i, (m) => (STATE_NAMES.some((st) => st.startsWith(m.trim().split(/\s+/)[1].toUpperCase())) ? '' : m));
  // 'HOSPITALAND DNB': a space lost in the PDF.
  s = s.replace(/\b(HOSPITAL|COLLEGE|INSTITUTE|CENTRE)AND\b/gi, '$1 AND');
  // A district label at the end of a part: 'DIST.BELGAUM', 'AMBAJOGAI. DIST. BEED'.
  let parts = segments(s)
    .map((p) => p.replace(/[.,]?\s*\bdistt?\b\.?\s*[A-Za-z]+\s*$/i, '').trim())
    .filter(Boolean);
  while (parts.length > 1 && isNoise(parts[parts.length - 1])) parts.pop();
  // A trailing state inside the last part: 'Surat Gujarat', 'Rajasthan Rajasthan', 'Hospital. Bihar'
  // (in a one-part name only after three words: 'Government Medical College Suryapet Telangana').
  const dropState = (whole: string) => {
    const p = whole.replace(/[\s.,]+$/, '');
    for (const tail of [/([\s.]+[A-Za-z]+){2}$/, /[\s.]+[A-Za-z]+$/]) {
      const m = tail.exec(p);
      if (m && isNoise(m[0].replace(/^[\s.]+/, '')) && !CITY_STATES.has(m[0].replace(/^[\s.]+/, '').toUpperCase())) return p.slice(0, m.index);
    }
    return whole;
  };
  parts = parts.map((p, i) => (i === parts.length - 1 && !CITY_STATES.has(p.toUpperCase()) && (i > 0 || p.split(/\s+/).length > 3) ? dropState(p) : p));
  const cut = parts.findIndex((p, i) => i > 0 && ADDRESS_PART.test(p) && !/^\(/.test(p));
  if (cut > 0) parts = parts.slice(0, cut);
  // The address that starts by repeating the name ('DISTRICT WOMEN HOSPITAL, REKAB GANJ, UTTAR PRADESH,
  // DISTRICT WOMEN HOSPITAL REKABGANJ AYODHYA'): the name ends before it.
  const head = parts[0].toUpperCase().replace(/[^A-Z0-9]/g, '');
  const again = parts.findIndex(
    (p, i) =>
      i > 0 &&
      head.length >= 8 &&
      p
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '')
        .startsWith(head),
  );
  if (again > 0) parts = parts.slice(0, again);
  // A later part that only repeats the start of the name ('GOVERNMENT MEDICAL COLLEGE AND ASSOCIATED
  // GROUP OF HOSPITALS, GOVERNMENT MEDICAL COLLEGE, …').
  const repeat = parts.findIndex((p, i) => {
    const k = p.toUpperCase().replace(/[^A-Z0-9]/g, '');
    return i > 0 && k.length >= 12 && head.startsWith(k);
  });
  if (repeat > 0) parts = parts.slice(0, repeat);
  // A second name of the same place ('DISTRICT HOSPITAL FARIDKOT, CIVIL HOSPITAL FARIDKOT') or an
  // officer's title ('…, PRINCIPAL MEDICAL OFFICER GENERAL HOSPITAL'): the name ends before it.
  const lastWord = (p: string) =>
    p
      .toUpperCase()
      .match(/[A-Z]+/g)
      ?.at(-1) ?? '';
  const second = parts.findIndex(
    (p, i) =>
      i > 0 &&
      (/^(principal|dean|director|medical superintendent|chief medical officer|o\/o)\b/i.test(p) ||
        (!/^\(/.test(p) &&
          lastWord(p).length >= 4 &&
          !/^(HOSPITALS?|COLLEGE|CENTRE|CENTER|INSTITUTE|SCIENCES|RESEARCH|TRUST|LTD|LIMITED)$/.test(lastWord(p)) &&
          lastWord(p) === lastWord(parts[0]) &&
          /\b(hospital|college)\b/i.test(p))),
  );
  if (second > 0) parts = parts.slice(0, second);
  // A state the cut left at the end ('JYOTHI HOSPITAL, TELANGANA , 19-1350, ...').
  while (parts.length > 1 && isNoise(parts[parts.length - 1])) parts.pop();
  parts = parts.filter((p, i) => i === 0 || !/^\(?\s*a unit of\b/i.test(p));
  let out = parts.join(', ').replace(/\s*\(\s*a unit of\b[^)]*\)/gi, '');
  // A parenthesis the 100-character cut left open, and a ')' that closes nothing ('(Previously VIMS Ballari))').
  const open = out.lastIndexOf('(');
  if (open > 0 && out.indexOf(')', open) < 0) {
    out = out.slice(0, open).replace(/[\s,]+$/, '');
    // A state the cut parenthesis followed ('…, Rohtak, Haryana (Attached secondary hos').
    const tail = /,\s*([^,]+)$/.exec(out);
    if (tail && isNoise(tail[1]) && !CITY_STATES.has(tail[1].toUpperCase())) out = out.slice(0, tail.index);
  }
  let depth = 0;
  out = [...out]
    .filter((ch) => {
      if (ch === '(') depth++;
      else if (ch === ')') {
        if (depth === 0) return false;
        depth--;
      }
      return true;
    })
    .join('');
  // An acronym in parentheses written in capitals ('(IKDRC-ITS)') stays in capitals.
  const kept: string[] = [];
  out = out.replace(/\(([A-Z]{2,}(?:-[A-Z]{2,})+)\)/g, (_, a: string) => `(\u0000${kept.push(a) - 1}\u0000)`);
  return titleCase(out.replace(/[\s,.-]+$/, '').replace(/\s+,/g, ',')).replace(/\u0000(\d+)\u0000/g, (_, k: string) => kept[Number(k)]);
}
