import { describe, expect, it } from 'vitest';
import { isEmail, validateEmail, zEmail } from './email';

describe('email rule', () => {
  it.each(['thandi@example.co.za', 'a.b+tag@sub.example.com', 'kim@naver.com'])(
    'accepts %s',
    (value) => {
      expect(isEmail(value)).toBe(true);
    },
  );

  it.each([
    '',
    'plain',
    'a@b',
    'a b@example.com',
    'two@@example.com',
    'dot@example.',
    '@example.com',
    `${'x'.repeat(250)}@example.com`,
  ])('refuses %j', (value) => {
    expect(isEmail(value)).toBe(false);
  });

  it("gives the spec's messages in the browser check", () => {
    expect(validateEmail('   ')).toBe('Email required');
    expect(validateEmail('nope')).toBe('Enter correct email');
    expect(validateEmail('nope', 'Please enter a valid Email')).toBe('Please enter a valid Email');
    expect(validateEmail('  ok@example.com  ')).toBeNull();
  });

  it('gives the same messages on the server, one per field, and trims', () => {
    const schema = zEmail();
    expect(schema.safeParse('  ok@example.com ').data).toBe('ok@example.com');
    expect(schema.safeParse('  ').error?.issues.map((issue) => issue.message)).toEqual([
      'Email required',
    ]);
    expect(schema.safeParse(undefined).error?.issues.map((issue) => issue.message)).toEqual([
      'Email required',
    ]);
    expect(schema.safeParse('nope').error?.issues.map((issue) => issue.message)).toEqual([
      'Enter correct email',
    ]);
  });
});
