/**
 * Korean particles that change with the sound before them: 이/가, 을/를, 은/는, 과/와 after a
 * final consonant (받침) or a vowel, and 으로/로 (로 after a vowel or ㄹ).
 */
type KoreanParticle = '이/가' | '을/를' | '은/는' | '과/와' | '으로/로';

type Ending = 'vowel' | 'rieul' | 'consonant';

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** Final consonants repeat every 28 syllables; 0 is none, 8 is ㄹ. */
const FINALS = 28;
const FINAL_RIEUL = 8;

/** How the Korean readings of the digits end: 영 일 이 삼 사 오 육 칠 팔 구. */
const DIGIT_ENDINGS: Ending[] = [
  'consonant',
  'rieul',
  'vowel',
  'consonant',
  'vowel',
  'vowel',
  'consonant',
  'rieul',
  'rieul',
  'vowel',
];

/** How Korean reads the names of Latin letters: 엘 엠 엔 알 end in a consonant, the rest not. */
const LETTER_ENDINGS: Record<string, Ending> = {
  L: 'rieul',
  M: 'consonant',
  N: 'consonant',
  R: 'rieul',
};

/** The sound the word ends in, or null when it cannot be told (a word in Latin letters). */
function endingOf(word: string): Ending | null {
  const letters = [...word.trim()].filter((character) => /[\p{L}\p{N}]/u.test(character));
  const last = letters.at(-1);
  if (last === undefined) return null;
  const code = last.codePointAt(0)!;
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
    const final = (code - HANGUL_FIRST) % FINALS;
    if (final === 0) return 'vowel';
    return final === FINAL_RIEUL ? 'rieul' : 'consonant';
  }
  if (/\d/.test(last)) return DIGIT_ENDINGS[Number(last)]!;
  // An abbreviation is read letter by letter ("SSL" 에스에스엘); other Latin words cannot be told.
  const latinRun = /[A-Za-z]+$/.exec(letters.join(''))?.[0] ?? '';
  if (/^[A-Z]+$/.test(latinRun)) return LETTER_ENDINGS[last] ?? 'vowel';
  return null;
}

/**
 * The particle that follows `word`: "환불" + 과/와 → "과", "서버" → "와", "SSL" → "과". Where the
 * sound cannot be told (an English word), both forms, as Korean writes them: "과(와)".
 */
export function koreanParticle(word: string, particle: KoreanParticle): string {
  const [afterConsonant, afterVowel] = particle.split('/') as [string, string];
  const ending = endingOf(word);
  if (ending === null) return `${afterConsonant}(${afterVowel})`;
  if (ending === 'vowel') return afterVowel;
  if (ending === 'rieul' && particle === '으로/로') return afterVowel;
  return afterConsonant;
}
