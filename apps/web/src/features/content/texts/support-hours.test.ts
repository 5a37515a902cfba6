import { describe, expect, it } from 'vitest';
import { describeSupportHours, formatWeekdays, readableTimeZone } from './support-hours';

describe('formatWeekdays', () => {
  it('writes a run of days as a range', () => {
    expect(formatWeekdays([1, 2, 3, 4, 5], 'en')).toBe('Monday to Friday');
    expect(formatWeekdays([6, 5, 4, 3, 2, 1], 'en')).toBe('Monday to Saturday');
    expect(formatWeekdays([1, 2, 3, 4, 5], 'ko')).toBe('월요일~금요일');
  });

  it('lists days that are no run, and says every day for all seven', () => {
    expect(formatWeekdays([1, 3, 5], 'en')).toBe('Monday, Wednesday and Friday');
    expect(formatWeekdays([6, 7], 'en')).toBe('Saturday and Sunday');
    expect(formatWeekdays([1, 3, 5], 'ko')).toBe('월요일, 수요일 및 금요일');
    expect(formatWeekdays([1, 2, 3, 4, 5, 6, 7], 'en')).toBe('every day');
    expect(formatWeekdays([7, 6, 5, 4, 3, 2, 1], 'ko')).toBe('매일');
  });
});

describe('readableTimeZone', () => {
  it("names the zone in the page's language", () => {
    expect(readableTimeZone('Africa/Nairobi', 'en')).toBe('East Africa Time');
    expect(readableTimeZone('Africa/Nairobi', 'ko')).toBe('동아프리카 시간');
    expect(readableTimeZone('Africa/Johannesburg', 'en')).toBe('South Africa Standard Time');
  });

  it('keeps a zone it cannot name as it is', () => {
    expect(readableTimeZone('Not/AZone', 'en')).toBe('Not/AZone');
  });
});

describe('describeSupportHours', () => {
  it("gives every piece of the company's hours a sentence needs", () => {
    expect(
      describeSupportHours(
        {
          timeZone: 'Africa/Nairobi',
          supportHours: { days: [1, 2, 3, 4, 5, 6], opensAt: '08:00', closesAt: '18:00' },
        },
        'en',
      ),
    ).toEqual({
      days: 'Monday to Saturday',
      opensAt: '08:00',
      closesAt: '18:00',
      timeZoneName: 'East Africa Time',
      timeZone: 'Africa/Nairobi',
    });
  });
});
