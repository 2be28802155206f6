/**
 * Which e-mail addresses prove that someone studies at an institute (issue 24 item 2, docs/decisions 0026).
 *
 * The rule: the institute's own domain, derived from its website in the JoSAA institute profiles
 * (`engineering_institutes.website`, e.g. 'www.iitb.ac.in' -> 'iitb.ac.in'), and any subdomain of it
 * (students' mail is often on one: 'smail.iitm.ac.in'). A website on a department's subdomain counts
 * for the whole institute ('soe.jnu.ac.in' -> 'jnu.ac.in'): the registrable domain is kept, two
 * labels under a generic top-level domain, three under India's academic and government second levels.
 *
 * The table below is for institutes whose students' mail is on another domain than the website's.
 * Each row was reviewed by hand and says where it comes from; a wrong row lets no one in who could
 * not also upload an ID card, and a missing one only sends those students to the ID-card route.
 */
export const studentMailExceptions: Record<string, { domains: string[]; source: string }> = {
  'iit-bhu-varanasi': {
    domains: ['itbhu.ac.in'],
    source: "IIT (BHU) issues student mail as name.branchYY@itbhu.ac.in (the institute's former domain); its website is iitbhu.ac.in",
  },
  'nit-karnataka-surathkal': {
    domains: ['nitk.edu.in'],
    source: 'NITK issues student mail on nitk.edu.in; its website in the JoSAA profile is www.nitk.ac.in',
  },
};

/** India's second-level domains under which an institute registers a third-level name. */
const INDIAN_SECOND_LEVELS = new Set(['ac.in', 'edu.in', 'res.in', 'gov.in', 'nic.in', 'ernet.in', 'org.in', 'co.in', 'net.in']);

/** 'https://www.iitb.ac.in/en/' -> 'iitb.ac.in'; null for text that is not a host name. */
export function domainOfWebsite(website: string | null | undefined): string | null {
  if (!website) return null;
  let host = website.trim().toLowerCase();
  host = host
    .replace(/^[a-z]+:\/\//, '')
    .split(/[/?#]/)[0]
    .replace(/:\d+$/, '');
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) return null;
  const labels = host.split('.').filter((l) => l !== 'www');
  const lastTwo = labels.slice(-2).join('.');
  const keep = INDIAN_SECOND_LEVELS.has(lastTwo) ? 3 : 2;
  if (labels.length < keep) return null;
  return labels.slice(-keep).join('.');
}

/** The domains whose addresses prove enrolment at an institute (empty: only the ID card route). */
export function studentMailDomains(instituteId: string, website: string | null | undefined): string[] {
  const own = domainOfWebsite(website);
  const extra = studentMailExceptions[instituteId]?.domains ?? [];
  return [...new Set([...(own ? [own] : []), ...extra])];
}

/** Whether an address is at one of the domains or a subdomain of one ('a@cse.iitd.ac.in' for 'iitd.ac.in'). */
export function isAddressAt(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const host = email.slice(at + 1).toLowerCase();
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}
