/**
 * Speaking a `<tts-speak lang="es_ES">` through the browser's speech synthesis: Anki's language
 * codes (`es_ES`) as BCP 47 (`es-ES`), and the voice for it (the exact language, else the same
 * language in another region), or none.
 */

/** `es_ES` → `es-ES`; an empty or odd code stays as written. */
export function bcp47(lang: string): string {
  return lang.trim().replace(/_/g, '-');
}

export function synthesis(): SpeechSynthesis | undefined {
  return typeof window !== 'undefined' && 'speechSynthesis' in window
    ? window.speechSynthesis
    : undefined;
}

/** The voice that speaks `lang`, or undefined when the browser has none. */
export function voiceFor(
  voices: readonly SpeechSynthesisVoice[],
  lang: string,
): SpeechSynthesisVoice | undefined {
  const wanted = bcp47(lang).toLowerCase();
  const base = wanted.split('-')[0];
  const norm = (v: SpeechSynthesisVoice) => bcp47(v.lang).toLowerCase();
  return (
    voices.find((v) => norm(v) === wanted) ?? voices.find((v) => norm(v).split('-')[0] === base)
  );
}

/** The language's name in the reader's language (`es-ES` in English: "Spanish (Spain)"). */
export function languageName(lang: string, locale: string): string {
  try {
    return (
      new Intl.DisplayNames([locale], { type: 'language', languageDisplay: 'standard' }).of(
        bcp47(lang),
      ) ?? lang
    );
  } catch {
    return lang;
  }
}
