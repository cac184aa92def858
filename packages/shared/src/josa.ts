/**
 * Korean particles chosen by the last syllable of a variable word (코디가 / 콘텐츠가 / 상품이,
 * 을/를, 은/는, (으)로 with ㄹ taking 로, 와/과, 이에요/예요), on es-hangul's `josa`. Words that end
 * in a digit or a Latin letter are read the way Koreans say them (3 → 삼 takes 이, 1 → 일 takes 로,
 * ...M → 엠 takes 이). A bracketed note at the end is skipped, as Korean orthography agrees the
 * particle with the word before it ("셔츠(블랙)가", "야간 알림 (21시~08시)을"); closing quotes and
 * punctuation are looked past ("‘니트’를").
 */
import { josa } from 'es-hangul';

export type JosaOption = Parameters<typeof josa.pick>[1];

/** A syllable with the same final consonant as the Korean reading of each digit. */
const DIGIT_READING: Record<string, string> = {
  '0': '영',
  '1': '일',
  '2': '이',
  '3': '삼',
  '4': '사',
  '5': '오',
  '6': '육',
  '7': '칠',
  '8': '팔',
  '9': '구',
};

/** Latin letters whose Korean names end in a consonant (엘, 엠, 엔, 알); the rest end in a vowel. */
const LETTER_READING: Record<string, string> = { l: '엘', m: '엠', n: '엔', r: '알' };

const TRAILING_NOTE = /\s*[([][^()[\]]*[)\]]\s*$/u;
const TRAILING = /[\s>"'’”》」』.,!?~…·-]+$/u;
const HANGUL_SYLLABLE = /[가-힣]$/;

/** The syllable whose final consonant decides the particle after `word`. */
function lastReading(word: string): string {
  let core = word.replace(TRAILING, '');
  for (let i = 0; i < 3 && TRAILING_NOTE.test(core); i++)
    core = core.replace(TRAILING_NOTE, '').replace(TRAILING, '');
  const last = core.slice(-1);
  if (HANGUL_SYLLABLE.test(last)) return last;
  if (last in DIGIT_READING) return DIGIT_READING[last] as string;
  const letter = last.toLowerCase();
  if (/[a-z]/.test(letter)) return LETTER_READING[letter] ?? '아';
  return '아'; // no reading (empty, symbols): the vowel-final particle
}

/** The particle alone: josaOf('콘텐츠', '이/가') → '가'. */
export function josaOf(word: string, option: JosaOption): string {
  return josa.pick(lastReading(word), option);
}

/** The word and its particle: withJosa('상품', '이/가') → '상품이'. */
export function withJosa(word: string, option: JosaOption): string {
  return `${word}${josaOf(word, option)}`;
}
