import { beforeEach, describe, expect, it } from 'vitest';
import { useCompare } from './compare.ts';

const item = (id: string) => ({ id, collegeName: `College ${id}` });

describe('the comparison list', () => {
  beforeEach(() => useCompare.getState().clear());

  it('holds at most three colleges; a second click removes one', () => {
    const { toggle } = useCompare.getState();
    expect(toggle(item('a'))).toBe('added');
    expect(toggle(item('b'))).toBe('added');
    expect(toggle(item('c'))).toBe('added');
    expect(toggle(item('d'))).toBe('full');
    expect(useCompare.getState().colleges.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(toggle(item('b'))).toBe('removed');
    expect(useCompare.getState().colleges.map((c) => c.id)).toEqual(['a', 'c']);
  });

  it('is kept in session storage with the student it was chosen for, so a reload finds it', () => {
    useCompare.getState().toggle(item('a'), { homeState: 'Goa', category: 'SC' });
    const saved = JSON.parse(sessionStorage.getItem('rankwise.compare')!);
    expect(saved.state).toEqual({ colleges: [item('a')], student: { homeState: 'Goa', category: 'SC' } });
    useCompare.getState().clear();
    expect(JSON.parse(sessionStorage.getItem('rankwise.compare')!).state.colleges).toEqual([]);
  });
});
