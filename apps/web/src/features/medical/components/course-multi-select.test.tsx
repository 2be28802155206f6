import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CourseMultiSelect, filterCourseGroups, type CourseGroup } from './course-multi-select.tsx';

const groups: CourseGroup[] = [
  { degree: 'MD', courses: ['MD IN GENERAL MEDICINE', 'MD IN PAEDIATRICS', 'MD IN RADIO DIAGNOSIS'] },
  { degree: 'DNB', courses: ['DNB IN PAEDIATRICS', 'DNB IN GENERAL MEDICINE'] },
];

describe('filterCourseGroups', () => {
  it('keeps every course when the search is blank', () => expect(filterCourseGroups(groups, '  ')).toEqual(groups));
  it('needs every word, in any order and case', () =>
    expect(filterCourseGroups(groups, 'medicine gen')).toEqual([
      { degree: 'MD', courses: ['MD IN GENERAL MEDICINE'] },
      { degree: 'DNB', courses: ['DNB IN GENERAL MEDICINE'] },
    ]));
  it('matches the degree too and drops empty groups', () =>
    expect(filterCourseGroups(groups, 'dnb paed')).toEqual([{ degree: 'DNB', courses: ['DNB IN PAEDIATRICS'] }]));
  it('matches the start of words only', () => {
    const nbems = [
      { degree: 'DNB', courses: ['(NBEMS) ORTHOPAEDICS', 'DNB- DIPLOMA IN RADIO-DIAGNOSIS'] },
      { degree: 'MS', courses: ['MS IN ORTHOPAEDICS'] },
    ];
    expect(filterCourseGroups(nbems, 'ms ortho')).toEqual([{ degree: 'MS', courses: ['MS IN ORTHOPAEDICS'] }]);
    expect(filterCourseGroups(nbems, 'diagnosis')).toEqual([{ degree: 'DNB', courses: ['DNB- DIPLOMA IN RADIO-DIAGNOSIS'] }]);
    expect(filterCourseGroups(nbems, 'paedics')).toEqual([]);
  });
});

function Harness() {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <CourseMultiSelect groups={groups} value={value} onChange={setValue} />
      <output data-testid="value">{value.join('|')}</output>
    </>
  );
}

describe('CourseMultiSelect', () => {
  it('searches, keeps hidden choices, and removes a choice from its chip', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'MD' })).toBeTruthy();
    await user.type(screen.getByLabelText('Search courses'), 'paed');
    expect(screen.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['MD IN PAEDIATRICS', 'DNB IN PAEDIATRICS']);
    await user.click(screen.getByRole('checkbox', { name: 'DNB IN PAEDIATRICS' }));
    await user.clear(screen.getByLabelText('Search courses'));
    await user.type(screen.getByLabelText('Search courses'), 'radio');
    // Keyboard: Tab from the search box to the one remaining course, Space ticks it.
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByTestId('value').textContent).toBe('DNB IN PAEDIATRICS|MD IN RADIO DIAGNOSIS');
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.type(screen.getByLabelText('Search courses'), 'zzz');
    expect(screen.getByText('No course matches "radiozzz"')).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Remove DNB IN PAEDIATRICS' }));
    expect(screen.getByTestId('value').textContent).toBe('MD IN RADIO DIAGNOSIS');
  });
});
