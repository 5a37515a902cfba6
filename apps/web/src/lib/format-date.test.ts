import { describe, expect, it } from 'vitest';
import { formatDate, type DateZone } from './format-date';

const intl = (language: string, zone: DateZone) =>
  new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    ...(zone === 'utc' ? { timeZone: 'UTC' } : {}),
  });

/** Every day of 2024 (a leap year) and 2026, at an hour that is another day in many zones. */
function sampleDates(): string[] {
  const dates: string[] = [];
  for (const year of [2024, 2026]) {
    const end = Date.UTC(year + 1, 0, 1);
    for (let time = Date.UTC(year, 0, 1, 23, 30); time < end; time += 86_400_000)
      dates.push(new Date(time).toISOString());
  }
  return dates;
}

describe('formatDate', () => {
  it.each([
    ['en', 'utc'],
    ['ko', 'utc'],
    ['en', 'local'],
    ['ko', 'local'],
  ] as const)("writes %s dates (%s day) exactly as Intl's medium date style", (language, zone) => {
    const reference = intl(language, zone);
    for (const value of sampleDates())
      expect(formatDate(value, language, zone)).toBe(reference.format(new Date(value)));
  });

  it('writes the day of the zone asked for', () => {
    expect(formatDate('2025-03-04T10:00:00Z', 'en', 'utc')).toBe('Mar 4, 2025');
    expect(formatDate('2025-03-04T10:00:00Z', 'ko', 'utc')).toBe('2025. 3. 4.');
    expect(formatDate('2025-03-04', 'en', 'utc')).toBe('Mar 4, 2025');
    // 23:30 UTC on the 4th is the 5th for a reader in Seoul.
    const lateOnTheFourth = new Date('2025-03-04T23:30:00Z');
    const readersDay = lateOnTheFourth.getDate();
    expect(formatDate(lateOnTheFourth.toISOString(), 'ko', 'local')).toBe(
      `2025. 3. ${readersDay}.`,
    );
    expect(formatDate(lateOnTheFourth.toISOString(), 'ko', 'utc')).toBe('2025. 3. 4.');
  });

  it('hands any other language to Intl', () => {
    const value = '2025-03-04T10:00:00Z';
    expect(formatDate(value, 'de', 'utc')).toBe(intl('de', 'utc').format(new Date(value)));
  });

  it('writes nothing for a value that is not a date', () => {
    expect(formatDate('not a date', 'en', 'utc')).toBe('');
    expect(formatDate('', 'ko', 'local')).toBe('');
  });
});
