import { describe, expect, it } from 'vitest';
import { typedDigit } from './otp-boxes.tsx';

describe('a digit typed into an OTP box', () => {
  it('fills an empty box', () => {
    expect(typedDigit('', '7')).toBe('7');
    expect(typedDigit('', '')).toBe('');
    expect(typedDigit('', 'a')).toBe('');
  });
  it('replaces the digit already there, wherever the caret was', () => {
    expect(typedDigit('3', '37')).toBe('7');
    expect(typedDigit('3', '73')).toBe('7');
    expect(typedDigit('3', '33')).toBe('3');
    expect(typedDigit('3', '3x')).toBe('3');
  });
});
