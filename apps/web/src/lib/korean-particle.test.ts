import { describe, expect, it } from 'vitest';
import { koreanParticle } from './korean-particle';

describe('koreanParticle', () => {
  it('takes 과, 이, 을, 은 after a final consonant', () => {
    expect(koreanParticle('환불', '과/와')).toBe('과');
    expect(koreanParticle('결제', '과/와')).toBe('와');
    expect(koreanParticle('계정', '이/가')).toBe('이');
    expect(koreanParticle('비밀번호', '이/가')).toBe('가');
    expect(koreanParticle('가상 머신', '을/를')).toBe('을');
    expect(koreanParticle('서버', '을/를')).toBe('를');
    expect(koreanParticle('티켓', '은/는')).toBe('은');
    expect(koreanParticle('프로필', '은/는')).toBe('은');
  });

  it('takes 로 after a vowel or ㄹ, 으로 after any other consonant', () => {
    expect(koreanParticle('서울', '으로/로')).toBe('로');
    expect(koreanParticle('부산', '으로/로')).toBe('으로');
    expect(koreanParticle('메일', '으로/로')).toBe('로');
    expect(koreanParticle('카드', '으로/로')).toBe('로');
  });

  it('reads the last character that is a letter or digit, past spaces and punctuation', () => {
    expect(koreanParticle(' 환불 ', '과/와')).toBe('과');
    expect(koreanParticle('결제?', '과/와')).toBe('와');
  });

  it('reads digits as Korean does', () => {
    expect(koreanParticle('VM 3', '과/와')).toBe('과'); // 삼
    expect(koreanParticle('2', '과/와')).toBe('와'); // 이
    expect(koreanParticle('7', '으로/로')).toBe('로'); // 칠
    expect(koreanParticle('10', '이/가')).toBe('이'); // 영
  });

  it('reads an abbreviation letter by letter', () => {
    expect(koreanParticle('SSL', '과/와')).toBe('과'); // 엘
    expect(koreanParticle('SSL', '으로/로')).toBe('로');
    expect(koreanParticle('VM', '을/를')).toBe('을'); // 엠
    expect(koreanParticle('OTP', '이/가')).toBe('가'); // 피
  });

  it('writes both forms where the sound cannot be told', () => {
    expect(koreanParticle('refund', '과/와')).toBe('과(와)');
    expect(koreanParticle('', '이/가')).toBe('이(가)');
  });
});
