import { describe, expect, it } from 'vitest';
import { parsePortList } from './port-list';

describe('parsePortList', () => {
  it('takes commas, commas with spaces and spaces alone as separators', () => {
    expect(parsePortList('22,80,443')).toEqual({ ok: true, ports: [22, 80, 443] });
    expect(parsePortList('22, 80 ,443')).toEqual({ ok: true, ports: [22, 80, 443] });
    expect(parsePortList('22 80')).toEqual({ ok: true, ports: [22, 80] });
    expect(parsePortList('  22   80\t443 ')).toEqual({ ok: true, ports: [22, 80, 443] });
  });

  it('reads an empty or blank field as no ports', () => {
    expect(parsePortList('')).toEqual({ ok: true, ports: [] });
    expect(parsePortList('   ')).toEqual({ ok: true, ports: [] });
  });

  it('refuses an empty entry instead of skipping it', () => {
    expect(parsePortList('22,,80')).toEqual({ ok: false, problem: 'emptyEntry' });
    expect(parsePortList('22, ,80')).toEqual({ ok: false, problem: 'emptyEntry' });
    expect(parsePortList(',22')).toEqual({ ok: false, problem: 'emptyEntry' });
    expect(parsePortList('22,')).toEqual({ ok: false, problem: 'emptyEntry' });
    expect(parsePortList(',')).toEqual({ ok: false, problem: 'emptyEntry' });
  });

  it('refuses an entry that is not a number of at most five digits', () => {
    expect(parsePortList('80,abc')).toEqual({ ok: false, problem: 'notANumber' });
    expect(parsePortList('80;443')).toEqual({ ok: false, problem: 'notANumber' });
    expect(parsePortList('123456')).toEqual({ ok: false, problem: 'notANumber' });
    expect(parsePortList('-22')).toEqual({ ok: false, problem: 'notANumber' });
  });
});
