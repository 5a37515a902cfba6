import { describe, expect, it } from 'vitest';
import { contactNumberExample } from './contact-number-example';

describe('contactNumberExample', () => {
  it("shows the company's own number when it is written in full with its country's code", () => {
    expect(contactNumberExample({ contactNo: ' +254 20 765 4321 ', dialCode: '+254' })).toBe(
      '+254 20 765 4321',
    );
    expect(contactNumberExample({ contactNo: '+27 21 555 0142', dialCode: '+27' })).toBe(
      '+27 21 555 0142',
    );
  });

  it('falls back to the dialling code when the own number is local, foreign or missing', () => {
    expect(contactNumberExample({ contactNo: '020 765 4321', dialCode: '+254' })).toBe('+254 …');
    expect(contactNumberExample({ contactNo: '+27 21 555 0142', dialCode: '+254' })).toBe('+254 …');
    expect(contactNumberExample({ contactNo: 'NA', dialCode: '+254' })).toBe('+254 …');
  });

  it('gives no example when the company has neither a full number nor a country', () => {
    expect(contactNumberExample({ contactNo: null, dialCode: null })).toBeNull();
    expect(contactNumberExample({ contactNo: '+44 20 7946 0958', dialCode: null })).toBe(
      '+44 20 7946 0958',
    );
  });
});
