import { describe, expect, it } from 'vitest';
import { createCollegeDirectory } from './college-directory.ts';

describe('college directory', () => {
  const engineering = async () => [
    { id: 'iit-ism-dhanbad', name: 'Indian Institute of Technology (ISM) Dhanbad', shortName: 'IIT (ISM) Dhanbad' },
    { id: 'iiitm-gwalior', name: 'Atal Bihari Vajpayee Indian Institute of Information Technology & Management Gwalior', shortName: 'IIITM Gwalior' },
  ];

  it('resolves the id, the name, the short name, spelling variants and the reviewed aliases to one id', async () => {
    const dir = createCollegeDirectory([engineering]);
    for (const name of [
      'iit-ism-dhanbad',
      'Indian Institute of Technology (ISM) Dhanbad',
      'IIT (ISM) Dhanbad',
      'INDIAN INSTITUTE OF TECHNOLOGY ISM DHANBAD',
      'Indian School of Mines Dhanbad',
    ])
      expect(await dir.resolve(name), name).toBe('iit-ism-dhanbad');
    expect(await dir.resolve('Atal Bihari Vajpayee Indian Institute of Information Technology &amp; Management Gwalior')).toBe('iiitm-gwalior');
    expect(await dir.resolve('Institute of Nowhere')).toBeNull();
  });

  it('takes colleges of another stream from their own loader', async () => {
    const medical = async () => [{ id: 'mcc-100001', name: 'All India Institute of Medical Sciences, New Delhi', shortName: 'AIIMS New Delhi' }];
    const dir = createCollegeDirectory([engineering, medical]);
    expect(await dir.resolve('AIIMS New Delhi')).toBe('mcc-100001');
    expect(await dir.resolve('IIITM Gwalior')).toBe('iiitm-gwalior');
  });
});
