import { describe, expect, it } from 'vitest';
import { clientOf, delayAfter } from './login-throttle.ts';

describe('login slow-down', () => {
  it('waits 1, 2, 4 … s after the third failure, at most 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(delayAfter)).toEqual([0, 0, 1000, 2000, 4000, 8000, 300_000]);
  });

  it('counts an IPv4 address as one client, and an IPv6 /64 network as one', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
  });
});
