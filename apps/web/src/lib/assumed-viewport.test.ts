import { describe, expect, it } from 'vitest';
import { DESK_WIDTH, matchesWidth, PHONE_WIDTH } from './assumed-viewport';

describe('matchesWidth', () => {
  it('reads min-width and max-width in px and em', () => {
    expect(matchesWidth('(min-width: 56.25em)', PHONE_WIDTH)).toBe(false);
    expect(matchesWidth('(min-width: 56.25em)', DESK_WIDTH)).toBe(true);
    expect(matchesWidth('(min-width: 900px)', 900)).toBe(true);
    expect(matchesWidth('(max-width: 36em)', PHONE_WIDTH)).toBe(true);
    expect(matchesWidth('(max-width: 36em)', DESK_WIDTH)).toBe(false);
  });

  it('needs every part of an `and` and any item of a list', () => {
    expect(matchesWidth('(min-width: 300px) and (max-width: 400px)', PHONE_WIDTH)).toBe(true);
    expect(matchesWidth('(min-width: 300px) and (max-width: 400px)', DESK_WIDTH)).toBe(false);
    expect(matchesWidth('(min-width: 3000px), (max-width: 400px)', PHONE_WIDTH)).toBe(true);
  });

  it('counts features other than width as not holding', () => {
    expect(matchesWidth('(max-height: 32em)', PHONE_WIDTH)).toBe(false);
    expect(matchesWidth('(max-width: 36em), (max-height: 32em)', PHONE_WIDTH)).toBe(true);
    expect(matchesWidth('(orientation: portrait)', PHONE_WIDTH)).toBe(false);
  });
});
