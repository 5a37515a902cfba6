import { describe, expect, it } from 'vitest';
import {
  accountMessages,
  collapseSpaces,
  isMobileNumber,
  isValidPassword,
  keystrokeFilters,
  maskEmail,
  validatePassword,
  validatePasswordConfirmation,
} from './account-rules';

describe('the password rule (portal.md §5)', () => {
  it.each(['Abcdef1!', 'Zz9@zzzzzzzzzzzz', 'Kgotso#2026'])('accepts %s', (password) => {
    expect(isValidPassword(password)).toBe(true);
  });

  it.each([
    ['Abcde1!', 'seven characters'],
    ['Abcdefghijklmn1!x', 'seventeen characters'],
    ['abcdefg1!', 'no upper case'],
    ['ABCDEFG1!', 'no lower case'],
    ['Abcdefgh!', 'no digit'],
    ['Abcdefgh1', 'no special character'],
    ['Abcdefg1?', 'a special character outside !@#$%^&*'],
    ['Abc def1!', 'a space'],
  ])('refuses %s (%s)', (password) => {
    expect(isValidPassword(password)).toBe(false);
  });

  it("gives the spec's messages", () => {
    expect(validatePassword('')).toBe('Password required');
    expect(validatePassword('weak')).toBe('Please enter valid password');
    expect(validatePassword('Abcdef1!')).toBeNull();
    expect(validatePasswordConfirmation('Abcdef1!', '')).toBe('Password required');
    expect(validatePasswordConfirmation('Abcdef1!', 'Abcdef1@')).toBe(
      accountMessages.passwordMismatch,
    );
  });
});

describe('text helpers', () => {
  it('collapses runs of spaces and trims', () => {
    expect(collapseSpaces('  Thandi   Nomvula  Dlamini ')).toBe('Thandi Nomvula Dlamini');
  });

  it('filters keystrokes per field', () => {
    expect(keystrokeFilters.name('Zoë-Anne 3rd, 김민지!')).toBe('ZoëAnne rd, 김민지');
    expect(keystrokeFilters.digits('+27 82-555 0199')).toBe('27825550199');
    expect(keystrokeFilters.postcode('8001 SW1a')).toBe('80011a');
  });

  it('checks mobile numbers against the country lengths', () => {
    expect(isMobileNumber('825550199', 9, 9)).toBe(true);
    expect(isMobileNumber('82555019', 9, 9)).toBe(false);
    expect(isMobileNumber('82555019x', 9, 9)).toBe(false);
  });

  // portal.md §8: the local part is masked, "all characters before the at-sign except the last".
  it('masks every character before the @ but the last', () => {
    expect(maskEmail('thandi@example.co.za')).toBe('*****i@example.co.za');
    expect(maskEmail('signup.one@example.co.za')).toBe('*********e@example.co.za');
    expect(maskEmail('ab@b.co')).toBe('*b@b.co');
  });

  it('shows no character of a one-character local part (asterisks only)', () => {
    expect(maskEmail('a@b.co')).toBe('*@b.co');
  });
});
