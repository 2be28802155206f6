import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { canonicalState, stateFromAddress } from '../lib/states.ts';
import { displayName, titleCase } from './display-name.ts';
import { instituteAliases } from './institute-aliases.ts';
import { instituteKey, instituteState, parseFee, splitNameAddress, yearlyFee } from './institutes.ts';
import { degreeMap, readMedicalData, type MedicalData } from './medical-data.ts';
import { buildSeats, referenceRound, type MedicalCutoff } from './seats.ts';

describe('NEET PG data rules', () => {
  it('keys institute strings so PDF split words, spacing, PIN codes and GOVT/GOVERNMENT do not matter', () => {
    // Two real spellings of the same institute in the allotment file.
    expect(instituteKey('GENERAL HOSPITAL, ,SECTO R-6, PANCHK ULA, HARYAN A- 134108, HARYANA, 134108')).toBe(
      instituteKey('GENERAL HOSPITAL,,SECTOR-6, PANCHKULA, HARYANA-134108, HARYANA'),
    );
    expect(instituteKey('GOVT MEDICA L COLLEG E AND HOSPIT AL, CHANDI GARH')).toBe(instituteKey('GOVERNMENT MEDICAL COLLEGE AND HOSPITAL, CHANDIGARH'));
    expect(instituteKey('SANTOSH HOSPITAL,NO6/1, PROMENADE ROAD, BANGALORE560 005, KARNATAKA')).toBe(
      instituteKey('SANTOSH HOSPITAL, , NO 6/1, PROMENADE ROAD, BANGALORE 560 005, KARNATAKA, 560005'),
    );
    expect(instituteKey('DISTRICT HOSPITAL, DHOLPUR,OLD CITY ROAD DHOLPUR, RAJASTHAN')).not.toBe(instituteKey('DISTRICT HOSPITAL, SAGAR, MADHYA PRADESH'));
  });

  it('reads a fee only when it is one positive figure, and shows it only when it can be a yearly fee', () => {
    expect(parseFee('1,25,000')).toBe(125000);
    expect(parseFee('Rs. 1,25,000/-')).toBe(125000);
    expect(parseFee('159600/-')).toBe(159600);
    expect(parseFee('12,000.00')).toBe(12000);
    for (const t of ['0', '', 'NA', '-', '100000 - 125000', '43150/70650/125650', 'AS MENTIONED ABOVE', '1st year 50000, 2nd year 25000'])
      expect(parseFee(t)).toBeNull();
    // Mahatma Gandhi Hospital, Bhilwara (MCC 701065) writes '12': a truncated value, not a fee.
    expect(parseFee('12')).toBe(12);
    expect(yearlyFee('12')).toBeNull();
    expect(yearlyFee('999')).toBeNull();
    expect(yearlyFee('2481')).toBe(2481);
    expect(yearlyFee('50,00,000')).toBe(5_000_000);
    expect(yearlyFee('2,00,00,000')).toBeNull();
  });

  it('splits name from address and finds the state named last in the address', () => {
    expect(splitNameAddress('GOVERNMENT MEDICAL COLLEGE, NAGPUR,GOVERNMENT MEDICAL COLLEGE, NAGPUR, MAHARASHTRA')).toEqual({
      name: 'GOVERNMENT MEDICAL COLLEGE, NAGPUR',
      address: 'GOVERNMENT MEDICAL COLLEGE, NAGPUR, MAHARASHTRA',
    });
    expect(splitNameAddress('APOLLO HOSPITAL,,NO 21, OFF GREAMS LANE, CHENNAI, TAMIL NADU, 600006').name).toBe('APOLLO HOSPITAL');
    expect(stateFromAddress('NEAR CHANDNI CHOWK JAGDALPUR, CHHATTIS GARH, 494001')).toBe('Chhattisgarh');
    expect(stateFromAddress('BANDRA, MAHARAS HTRA')).toBe('Maharashtra');
    expect(stateFromAddress('KK NAGAR, DELHI (NCT), 110001')).toBe('Delhi');
    // Road names that are state names come before the real state.
    expect(stateFromAddress('RUBY EYE HOSPITAL, BERHAMPUR, ORISSA,SUSHRUTA NAGAR, GOVINDA BIHAR, MG ROAD, BERHAMPUR, ODISHA, 760001')).toBe('Odisha');
    expect(
      stateFromAddress(
        'SANTOSH MEDICAL COLLEGE AND HOSPITAL, GHAZIABAD, NCR DELHI,SANTOSH MEDICAL COLLEGE AND HOSPITAL, GHAZIABAD, DELHI NCR, UTTAR PRADESH, 201009',
      ),
    ).toBe('Uttar Pradesh');
    expect(canonicalState('Dadra and Nagar Haveli')).toBe('Dadra and Nagar Haveli and Daman and Diu');
  });

  it("takes the state from the allotment address, never from the fee file's state column alone", () => {
    const spellings = new Map([
      ['RUBY EYE HOSPITAL, BERHAMPUR, ORISSA,SUSHRUTA NAGAR, GOVINDA BIHAR, MG ROAD, BERHAMPUR, ODISHA', { count: 5, states: new Map() }],
    ]);
    expect(instituteState(spellings, { 'Location/State': 'Bihar', 'Institute Full Name/Address (MCC list)': '' })).toBe('Odisha');
    const noState = new Map([['GOVERNMENT DB GENERAL MEDICAL HOSPTAL,CHURU, NAYABASS, CHURU', { count: 27, states: new Map() }]]);
    expect(
      instituteState(noState, { 'Location/State': 'Rajasthan', 'Institute Full Name/Address (MCC list)': 'Government DB ..., Churu, Rajasthan, 331001' }),
    ).toBe('Rajasthan');
    // Fee file state only when it agrees with the allotment file's own state column.
    const agree = new Map([['SOME HOSPITAL, SOMEWHERE', { count: 1, states: new Map([['Kerala', 1]]) }]]);
    expect(instituteState(agree, { 'Location/State': 'Kerala', 'Institute Full Name/Address (MCC list)': 'Some Hospital' })).toBe('Kerala');
    expect(instituteState(agree, { 'Location/State': 'Goa', 'Institute Full Name/Address (MCC list)': 'Some Hospital' })).toBeNull();
    // A stale state at the end of an address loses to the fee file and the PIN agreeing on a state the address also names.
    const lions = new Map([
      [
        'LIONS CLUB SADHU RAM EYE HOSPITAL,,1-2-8, GAGANMAHAL ROAD DOMALGUDA HYDERABAD PIN 500029 TELANGANA STATE, ANDHRA PRADESH, 500029',
        { count: 4, states: new Map() },
      ],
    ]);
    const lionsFee = { 'Location/State': 'Telangana', 'Institute Full Name/Address (MCC list)': '' };
    expect(instituteState(lions, lionsFee, 'Telangana')).toBe('Telangana');
    expect(instituteState(lions, lionsFee, null)).toBe('Andhra Pradesh');
    expect(instituteState(spellings, { 'Location/State': 'Bihar', 'Institute Full Name/Address (MCC list)': '' }, 'Odisha')).toBe('Odisha');
  });

  it('shows the institute name, not the address, with acronyms kept', () => {
    expect(displayName('JAWAHARLAL NEHRU MEDICAL COLLEGE, ALIGARH MUSLIM UNIVERSITY STATE UTTAR')).toBe(
      'Jawaharlal Nehru Medical College, Aligarh Muslim University',
    );
    expect(displayName('Mahatma Gandhi Hospital, Bhilwara Swami Ram Charan Marg, Bhopal Ganj, Bhilwara, Rajasthan Rajasthan')).toBe('Mahatma Gandhi Hospital');
    expect(displayName('ALL INDIA INSTITUTE OF MEDICAL SCIENCES, NEW DELHI')).toBe('All India Institute of Medical Sciences, New Delhi');
    expect(displayName('ESIC MEDICAL COLLEGE, JOKA')).toBe('ESIC Medical College, Joka');
    expect(displayName('PGIMER, DR. RML Hospital')).toBe('PGIMER, Dr. RML Hospital');
    expect(displayName('TIBRA EYE HOSPITAL AND RETINA CENTRE,Rajasthan')).toBe('Tibra Eye Hospital and Retina Centre');
    expect(displayName('Nizam`s Institute of Medical Sciences,')).toBe("Nizam's Institute of Medical Sciences");
    expect(displayName('Zydus Hospital, Near Sola Bridge,')).toBe('Zydus Hospital');
    expect(displayName('Prashanthi Hospital, #')).toBe('Prashanthi Hospital');
    expect(displayName('ANKURA HOSPITAL FOR WOMEN AND CHILDREN(A UNIT OF ANKURA TIRUPATI HOSPITALS PVT LTD), Andhra Pradesh')).toBe(
      'Ankura Hospital for Women and Children',
    );
    expect(displayName('Vardhman Mahavir Medical College, , New Delhi')).toBe('Vardhman Mahavir Medical College, New Delhi');
    expect(titleCase('K.A.P.VISWANATHAM GOVERNMENT MEDICAL COLLEGE')).toBe('K.A.P.Viswanatham Government Medical College');
    // Institutes without an MCC entry are named from an allotment spelling: the state the address cut
    // leaves behind, and the address that repeats the name, are not part of the name.
    expect(displayName('JYOTHI HOSPITAL, TELANGANA , 19-1350, JYOTHI HOSPITAL, NEAR ANJANEYA SWAMI TEMPLE, MIRYALAGUDA')).toBe('Jyothi Hospital');
    expect(displayName('DISTRICT WOMEN HOSPITAL, REKAB GANJ, UTTAR PRADESH , DISTRICT WOMEN HOSPITAL REKABGANJ AYODHYA, UTTAR PRADESH')).toBe(
      'District Women Hospital, Rekab Ganj',
    );
  });

  it('takes the latest year and R3 by default, and ranks a seat over rounds up to it', () => {
    const c = (year: number, round: number, open: number, close: number): MedicalCutoff => ({
      year,
      round,
      instituteId: 'i',
      course: 'MD IN X',
      quota: 'All India',
      category: 'OPEN',
      openingRank: open,
      closingRank: close,
      allotments: 1,
      topRanks: [close],
    });
    const cutoffs = [c(2023, 1, 1, 900), c(2024, 1, 10, 20), c(2024, 2, 5, 64), c(2024, 3, 30, 40), c(2024, 4, 2, 5000), c(2024, 5, 1, 9000)];
    const ref = referenceRound(cutoffs);
    expect(ref).toEqual({ year: 2024, round: 3 });
    expect(buildSeats(cutoffs, ref, new Map())).toMatchObject([{ openingRank: 5, closingRank: 64, year: 2024, round: 3 }]);
    // Through R4 the seat has 4 allotments, the highest (5000) more than twice the next (64): one stray
    // allotment, set aside (docs/decisions/0014). Through R5 (9000 and 5000) neither is stray.
    expect(buildSeats(cutoffs, referenceRound(cutoffs, 2024, 4), new Map())[0]).toMatchObject({ closingRank: 64, allotments: 4 });
    expect(buildSeats(cutoffs, referenceRound(cutoffs, 2024, 5), new Map())[0]).toMatchObject({ closingRank: 9000, allotments: 5 });
    expect(() => referenceRound(cutoffs, 2022)).toThrow(/MEDICAL_REFERENCE_YEAR/);
  });
});

describe('NEET PG institutes from the data', () => {
  let data: MedicalData;
  beforeAll(async () => {
    data = await readMedicalData(testConfig().DATA_DIR);
  }, 120_000);
  const inst = (id: string) => data.institutes.find((i) => i.id === id)!;

  it('joins both spellings of AFMC Pune into MCC 902867: MD/MS Anatomy closes at 160,551', () => {
    const afmc = inst('mcc-902867');
    expect(afmc).toMatchObject({ name: 'Armed Forces Medical College', state: 'Maharashtra', pinCode: '411040', district: 'Pune' });
    expect(afmc.rawNames.some((r) => r.includes('WANOWARI PUNR'))).toBe(true);
    expect(afmc.rawNames.some((r) => r.includes('WANOWARI PUNE'))).toBe(true);
    const seats = buildSeats(data.cutoffs, referenceRound(data.cutoffs), degreeMap(data.courses)).filter((s) => s.instituteId === 'mcc-902867');
    expect(seats.filter((s) => s.course === 'MD/MS ANATOMY').map((s) => [s.quota, s.category, s.openingRank, s.closingRank])).toEqual([
      ['Armed Forces Medical', 'OPEN', 51918, 160551],
    ]);
  });

  it('puts Santosh Medical College in Uttar Pradesh and Ruby Eye Hospital in Odisha', () => {
    expect(inst('mcc-700461')).toMatchObject({ state: 'Uttar Pradesh', district: 'Ghaziabad' });
    expect(inst('mcc-701646')).toMatchObject({ state: 'Odisha', name: 'Ruby Eye Hospital, Berhampur' });
  });

  it("shows Mahatma Gandhi Hospital, Bhilwara's '12' as no fee", () => {
    expect(inst('mcc-701065')).toMatchObject({ annualFeeText: '12', annualFeeInr: null });
  });

  it('keeps one record per institute: every spelling key has one institute, every alias line is used, and few stay unmatched', () => {
    expect(data.unusedAliases).toEqual([]);
    expect(data.unmatched.length).toBeLessThanOrEqual(10);
    expect(new Set(data.institutes.map((i) => i.id)).size).toBe(data.institutes.length);
    for (const a of instituteAliases) if ('mcc' in a) expect(data.instituteIdOf(a.spelling, 'All India')).toBe(`mcc-${a.mcc}`);
    // NIMS Hyderabad: its university seats and its DNB seats are MCC's two entries.
    const nims = 'NIZAM`S INSTITUTE OF MEDICAL SCIENCES,,NIZAMS INSTITUTE OF MEDICAL SCIENCES PANJAGUTTA HYDERABAD, TELANGANA, 500082';
    expect(data.instituteIdOf(nims, 'All India')).toBe('mcc-700484');
    expect(data.instituteIdOf(nims, 'DNB Quota')).toBe('mcc-701163');
  });

  it('gives every institute a state, a display name without the raw noise, and its raw names', () => {
    for (const i of data.institutes) {
      expect(i.state, i.id).not.toBeNull();
      expect(i.name, i.id).not.toMatch(/\s,|,,|^\s|\s$|@/);
      expect(i.rawNames.length, i.id).toBeGreaterThan(0);
    }
  });
});
