/**
 * The learner's review sound settings: auto-play a side's sounds and speech when it shows
 * (Anki's default, on) and speak `{{tts}}` at all (on; off shows the text instead). Set in the
 * profile, read by the review. Kept in this browser's local storage, as the theme and the cookie
 * consent are kept on the client: Memoria stores no other client preference on the server.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';

export const REVIEW_SETTINGS_KEY = 'review_settings';

export interface ReviewSettings {
  /** Play the side's sounds and speech, in order, when it shows. */
  autoPlay: boolean;
  /** Speak `<tts-speak>` with the browser's voices; off shows its text. */
  speech: boolean;
}

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = { autoPlay: true, speech: true };

/** The stored settings; a missing, unreadable or partial value falls back to the defaults. */
export function readReviewSettings(): ReviewSettings {
  try {
    const raw =
      typeof localStorage === 'undefined' ? null : localStorage.getItem(REVIEW_SETTINGS_KEY);
    const stored = raw ? (JSON.parse(raw) as Partial<Record<keyof ReviewSettings, unknown>>) : {};
    return {
      autoPlay:
        typeof stored.autoPlay === 'boolean' ? stored.autoPlay : DEFAULT_REVIEW_SETTINGS.autoPlay,
      speech: typeof stored.speech === 'boolean' ? stored.speech : DEFAULT_REVIEW_SETTINGS.speech,
    };
  } catch {
    return { ...DEFAULT_REVIEW_SETTINGS };
  }
}

export const $reviewSettings = atom<ReviewSettings>(readReviewSettings());

export function setReviewSettings(change: Partial<ReviewSettings>): void {
  const next = { ...$reviewSettings.get(), ...change };
  try {
    localStorage.setItem(REVIEW_SETTINGS_KEY, JSON.stringify(next));
  } catch {
    // Storage unavailable: the choice still holds for this page.
  }
  $reviewSettings.set(next);
}

export function useReviewSettings(): ReviewSettings {
  return useStore($reviewSettings);
}

// Another tab's change (the profile open beside a review) applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === REVIEW_SETTINGS_KEY || event.key === null) {
      $reviewSettings.set(readReviewSettings());
    }
  });
}
