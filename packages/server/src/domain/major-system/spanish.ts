/**
 * Spanish Major-System encoding by sound, from spelling: Spanish spelling is phonetic once its
 * rules are applied (soft and hard c and g, qu and gu, ll, ch, ñ, silent h, rr, b = v).
 *
 * The table (documented in docs/features/mnemonics.md and shown on /conversion-table):
 *   0 s, z, c before e/i (seseo)    5 l
 *   1 t, d                          6 ch, ll, y before a vowel (the /ʝ ʃ ʒ/ family, English's 6)
 *   2 n, ñ                          7 k, hard c, qu, g, j (/x/ is velar like k and g), x = 70
 *   3 m                             8 f
 *   4 r, rr                         9 p, b, v (b and v are one sound)
 * Vowels, h, w, u in gue/gui/que/qui and y as a vowel (rey, y) are silent.
 */

const SIMPLE: Readonly<Record<string, string>> = {
  s: '0',
  z: '0',
  t: '1',
  d: '1',
  n: '2',
  ñ: '2',
  m: '3',
  r: '4',
  l: '5',
  k: '7',
  g: '7',
  j: '7',
  f: '8',
  p: '9',
  b: '9',
  v: '9',
};

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

const PLAIN_VOWEL: Readonly<Record<string, string>> = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u' };

/** Lower case with the stress accents removed; ñ and ü stay (they change the sound). */
function normalise(word: string): string {
  return word
    .normalize('NFC')
    .toLowerCase()
    .replace(/[áéíóú]/g, (v) => PLAIN_VOWEL[v] ?? v);
}

/** The Major-System digits of a Spanish word (`"guitarra"` → `"714"`, `"cielo"` → `"05"`). */
export function encodeSpanish(word: string): string {
  const w = normalise(word);
  let digits = '';
  let last = ''; // the previous consonant sound's digit, so a doubled letter (rr, nn) counts once
  const push = (d: string, letter: string, prev: string) => {
    // A doubled letter is one sound (rr, ll handled apart); cc is k + s, two sounds.
    if (letter === prev && d === last) return;
    digits += d;
    last = d;
  };
  for (let i = 0; i < w.length; i++) {
    const ch = w[i] as string;
    const next = w[i + 1] ?? '';
    const prev = w[i - 1] ?? '';
    if (ch === 'c' && next === 'h') {
      push('6', 'ch', '');
      i++;
    } else if (ch === 'l' && next === 'l') {
      push('6', 'll', '');
      i++;
    } else if (ch === 'q') {
      push('7', 'q', prev);
      if (next === 'u') i++; // the u of que, qui is silent
    } else if (ch === 'c') {
      push(next === 'e' || next === 'i' ? '0' : '7', 'c', '');
    } else if (ch === 'g') {
      push('7', 'g', prev);
      // gue, gui: the u is silent (gü is a w sound, silent too)
      if (next === 'u' && (w[i + 2] === 'e' || w[i + 2] === 'i')) i++;
    } else if (ch === 'x') {
      if (i === 0) push('0', 'x', '');
      else {
        push('7', 'x', '');
        push('0', 'x2', '');
      }
    } else if (ch === 'y') {
      // y is a consonant before a vowel (yo, playa), a vowel elsewhere (y, rey, muy)
      if (VOWELS.has(next)) push('6', 'y', prev);
      else last = '';
    } else if (SIMPLE[ch]) {
      push(SIMPLE[ch] as string, ch, prev);
    } else {
      // vowels, h, w, ü and anything else are silent; a vowel ends a doubled sound
      if (ch !== 'h') last = '';
    }
  }
  return digits;
}
