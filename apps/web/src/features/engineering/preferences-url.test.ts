import { describe, expect, it } from 'vitest';
import { editUrl, formValuesOf, fromSearchParams, preferenceSummary, resultsUrl } from './preferences-url.ts';

const csab = '/colleges?examType=CSAB&rank=60000&gender=Male&homeState=Bihar&sportsFacility=Yes&hostelFacility=No&messFacility=Yes';

describe('engineering preferences between the results and the form', () => {
  it('Edit carries the whole set to the start page, which reads it back', () => {
    const prefs = fromSearchParams(
      new URLSearchParams('examType=MAINS&rank=20000&crlRank=900&seatType=SC&gender=Female&homeState=Goa&branch=Civil&branch=Mechanical'),
    )!;
    const url = editUrl(prefs);
    expect(url).toMatch(
      /^\/start\?stream=engineering&examType=MAINS&rank=20000&crlRank=900&seatType=SC&gender=Female&homeState=Goa&branch=Civil&branch=Mechanical&/,
    );
    expect(fromSearchParams(new URLSearchParams(url.split('?')[1]))).toEqual(prefs);
  });

  it('fills the form: JEE Main as MAINS, CSAB keeps its own optional category, facilities as Yes/No', () => {
    expect(formValuesOf(fromSearchParams(new URLSearchParams(csab.split('?')[1]))!)).toEqual({
      examType: 'CSAB',
      seatType: '',
      csabSeatType: '',
      rank: '60000',
      crlRank: '',
      archRank: '',
      planningRank: '',
      gender: 'Male',
      homeState: 'Bihar',
      branch: [],
      sportsFacility: 'Yes',
      hostelFacility: 'No',
      messFacility: 'Yes',
    });
    const mains = formValuesOf(fromSearchParams(new URLSearchParams('examType=MAINS&rank=5&seatType=EWS&gender=Male&homeState=Goa'))!);
    expect(mains).toMatchObject({ examType: 'MAINS', seatType: 'EWS', csabSeatType: '' });
    expect(resultsUrl({ ...fromSearchParams(new URLSearchParams(csab.split('?')[1]))!, examType: 'CSAB' })).toBe(csab);
  });

  it('summarises what the results answer, in the form’s words', () => {
    expect(
      preferenceSummary(
        fromSearchParams(new URLSearchParams('examType=IIT&rank=2000&crlRank=9000&seatType=OBC-NCL&gender=Female&homeState=Tamil+Nadu&branch=Civil'))!,
      ),
    ).toEqual([
      { label: 'Exam', value: 'JEE Advanced' },
      { label: 'Category', value: 'OBC-NCL' },
      { label: 'Category rank', value: '2,000' },
      { label: 'CRL rank', value: '9,000' },
      { label: 'Gender', value: 'Female' },
      { label: 'Home state', value: 'Tamil Nadu' },
      { label: 'Branches', value: 'Civil' },
    ]);
    const summary = preferenceSummary(fromSearchParams(new URLSearchParams(csab.split('?')[1]))!);
    expect(summary).toContainEqual({ label: 'Category', value: 'OPEN (default)' });
    // CSAB's rank is the common-rank-list rank.
    expect(summary).toContainEqual({ label: 'JEE Main CRL rank', value: '60,000' });
    expect(summary).toContainEqual({ label: 'Branches', value: 'All branches' });
  });

  it('carries the Paper 2 ranks (B.Arch, B.Planning) through the URL and the form', () => {
    const prefs = fromSearchParams(new URLSearchParams('examType=MAINS&rank=300&archRank=1200&planningRank=800&seatType=OPEN&gender=Male&homeState=Goa'))!;
    expect(prefs).toMatchObject({ rank: 300, archRank: 1200, planningRank: 800 });
    expect(fromSearchParams(new URLSearchParams(editUrl(prefs).split('?')[1]))).toEqual(prefs);
    expect(formValuesOf(prefs)).toMatchObject({ archRank: '1200', planningRank: '800' });
    expect(preferenceSummary(prefs)).toContainEqual({ label: 'Paper 2A (B.Arch) rank', value: '1,200' });
    expect(preferenceSummary(prefs)).toContainEqual({ label: 'Paper 2B (B.Planning) rank', value: '800' });
  });
});
