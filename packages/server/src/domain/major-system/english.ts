/**
 * English Major-System encoding by sound: the digits of a pronunciation in ARPAbet, the phone set
 * of the CMU pronouncing dictionary. Spelling never enters, so silent letters ("knife" → 28),
 * digraphs ("phone" → 82, "thumb" → 13, "laugh" → 58) and soft c ("city" → 01) come out right.
 */

/** Each consonant phone's digits; vowels, W, HH and Y are silent. ER (the r-coloured vowel) is r. */
export const ENGLISH_PHONE_DIGITS: Readonly<Record<string, string>> = {
  S: '0',
  Z: '0',
  T: '1',
  D: '1',
  TH: '1',
  DH: '1',
  N: '2',
  NG: '2',
  M: '3',
  R: '4',
  ER: '4',
  L: '5',
  JH: '6',
  CH: '6',
  SH: '6',
  ZH: '6',
  K: '7',
  G: '7',
  F: '8',
  V: '8',
  P: '9',
  B: '9',
};

/**
 * The digits of one ARPAbet pronunciation (`"N AY1 F"` → `"28"`). Stress marks are dropped. A
 * doubled spelling is one phone in the dictionary already, so "letter" (L EH1 T ER0) is 514.
 */
export function encodeArpabet(pronunciation: string): string {
  let digits = '';
  for (const phone of pronunciation.trim().split(/\s+/)) {
    digits += ENGLISH_PHONE_DIGITS[phone.replace(/\d$/, '')] ?? '';
  }
  return digits;
}
