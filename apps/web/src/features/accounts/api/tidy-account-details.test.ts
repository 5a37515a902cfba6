import { describe, expect, it } from 'vitest';
import { tidyAccountDetails } from './tidy-account-details';

describe('tidyAccountDetails', () => {
  it('collapses runs of spaces in the words and trims the numbers, leaving the rest', () => {
    const details = {
      firstName: ' Thandi   Grace ',
      lastName: 'Nkosi',
      emailID: ' thandi@example.co.za ',
      countryCode: '+27',
      contactNo: ' 825550199 ',
      companyName: undefined,
      vatNumber: ' 4123456789 ',
      address: '12   Long Street',
      region: 'South Africa',
      city: 'Cape   Town',
      state: 'Western  Cape',
      postCode: ' 8001 ',
    };
    expect(tidyAccountDetails(details)).toEqual({
      ...details,
      firstName: 'Thandi Grace',
      contactNo: '825550199',
      companyName: '',
      vatNumber: '4123456789',
      address: '12 Long Street',
      city: 'Cape Town',
      state: 'Western Cape',
      postCode: '8001',
    });
  });
});
