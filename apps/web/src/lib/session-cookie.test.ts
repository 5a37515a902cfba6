import { describe, expect, it } from 'vitest';
import { readCsrfToken } from './session-cookie';

describe('readCsrfToken', () => {
  it('reads cp_csrf among the other cookies, decoded', () => {
    expect(readCsrfToken('a=1; cp_csrf=x%2By; b=2')).toBe('x+y');
    expect(readCsrfToken('cp_csrf=abc')).toBe('abc');
  });

  it('is null without the cookie, or with an empty one', () => {
    expect(readCsrfToken('')).toBeNull();
    expect(readCsrfToken('xcp_csrf=1; cp_csrf_old=2')).toBeNull();
    expect(readCsrfToken('cp_csrf=')).toBeNull();
  });
});
