import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { domainOfWebsite, isAddressAt, studentMailDomains } from './student-mail-domains.ts';

describe('student mail domains', () => {
  it("derives the institute's own domain from its website as the JoSAA profiles write it", () => {
    expect(domainOfWebsite('www.iitb.ac.in')).toBe('iitb.ac.in');
    expect(domainOfWebsite('https://www.iitbhilai.ac.in')).toBe('iitbhilai.ac.in');
    expect(domainOfWebsite('http://soe.jnu.ac.in/home')).toBe('jnu.ac.in');
    expect(domainOfWebsite('https://iocb.ictmumbai.edu.in/')).toBe('ictmumbai.edu.in');
    expect(domainOfWebsite('www.nitt.edu')).toBe('nitt.edu');
    expect(domainOfWebsite('www.tezu.ernet.in')).toBe('tezu.ernet.in');
    expect(domainOfWebsite('website')).toBeNull();
    expect(domainOfWebsite('')).toBeNull();
    expect(domainOfWebsite(null)).toBeNull();
  });

  it('accepts the domain and its subdomains only', () => {
    expect(isAddressAt('riya@iitb.ac.in', ['iitb.ac.in'])).toBe(true);
    expect(isAddressAt('riya@smail.iitm.ac.in', ['iitm.ac.in'])).toBe(true);
    expect(isAddressAt('riya@IITB.AC.IN', ['iitb.ac.in'])).toBe(true);
    expect(isAddressAt('riya@notiitb.ac.in', ['iitb.ac.in'])).toBe(false);
    expect(isAddressAt('riya@iitb.ac.in.example.com', ['iitb.ac.in'])).toBe(false);
    expect(isAddressAt('riya@gmail.com', ['iitb.ac.in'])).toBe(false);
  });

  it('adds the reviewed exceptions to the derived domain', () => {
    expect(studentMailDomains('iit-bhu-varanasi', 'www.iitbhu.ac.in')).toEqual(['iitbhu.ac.in', 'itbhu.ac.in']);
    expect(studentMailDomains('nit-goa', 'www.nitgoa.ac.in')).toEqual(['nitgoa.ac.in']);
    expect(studentMailDomains('nit-goa', null)).toEqual([]);
  });

  it('gives most institutes of the real profiles a domain (the rest use the ID card route)', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const file = path.join(config.DATA_DIR, 'institute-profiles/josaa_institute_addresses_2023.csv');
    const lines = readFileSync(file, 'utf8').trim().split('\n').slice(1);
    const websites = lines.map((l) => l.slice(l.lastIndexOf(',') + 1).trim());
    const derived = websites.map(domainOfWebsite);
    // Every website the profiles give turns into a domain under a known suffix.
    expect(derived.filter((d) => d === null)).toEqual([]);
    expect(derived.every((d) => /\.(ac\.in|edu\.in|gov\.in|ernet\.in|edu)$/.test(d!))).toBe(true);
  });
});
