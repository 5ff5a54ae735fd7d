/**
 * The review's keyboard and screen-reader behaviour, apart from what it renders: Space reveals,
 * 1–4 rate, `-` buries, `@` suspends, Ctrl/Cmd+1…7 set a flag (the same number clears it), as in
 * Anki, and Ctrl/Cmd+Z undoes any of them (never while typing or inside a dialog); each new front and each
 * answer is announced, and focus moves to the card when it was on the page or the last card.
 */
import type { ReviewRating } from '@memoria/api';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ReviewSession } from './useReviewSession.ts';

const RATING_KEYS: Record<string, ReviewRating> = {
  '1': 'again',
  '2': 'hard',
  '3': 'good',
  '4': 'easy',
};

/** Keys typed into a field or pressed in a dialog are not review shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('dialog[open]')) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/** The flag of Ctrl/Cmd+1…7 (by the key, or by the digit row on layouts where it types others). */
function flagOf(event: KeyboardEvent): number | null {
  const digit = /^[1-7]$/.test(event.key) ? event.key : /^Digit[1-7]$/.exec(event.code)?.[0].at(-1);
  return digit ? Number(digit) : null;
}

/** Space, 1–4, `-`, `@`, Ctrl/Cmd+1…7 and Ctrl/Cmd+Z on the window while the review is mounted. */
export function useReviewKeys({
  canUndo,
  undo,
  revealed,
  current,
  reveal,
  rate,
  applyTool,
}: ReviewSession) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'z') {
        if (!canUndo) return;
        event.preventDefault();
        void undo();
        return;
      }
      const flag = mod && !event.altKey && !event.shiftKey ? flagOf(event) : null;
      if (flag !== null) {
        if (!current || event.repeat) return;
        event.preventDefault();
        applyTool({ kind: 'flag', flag });
        return;
      }
      if (mod || event.altKey || event.repeat) return;
      if ((event.key === '-' || event.key === '@') && current) {
        event.preventDefault();
        applyTool({ kind: event.key === '-' ? 'bury' : 'suspend' });
        return;
      }
      if (event.key === ' ' || event.code === 'Space') {
        if (!revealed && current) {
          event.preventDefault();
          reveal();
        }
        return;
      }
      const rating = RATING_KEYS[event.key];
      if (rating && revealed) {
        event.preventDefault();
        rate(rating);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canUndo, undo, revealed, current, reveal, rate, applyTool]);
}

/**
 * The polite announcement of the card on screen and the ref of the card to focus;
 * `initiallyRevealed` (stories) shows the first card's answer.
 */
export function useReviewAnnouncer(session: ReviewSession, initiallyRevealed: boolean) {
  const intl = useIntl();
  const { current, revealed, reveal, remaining } = session;
  const cardRef = useRef<HTMLElement>(null);
  const [live, setLive] = useState('');
  const revealedOnce = useRef(false);

  useEffect(() => {
    if (initiallyRevealed && current && !revealedOnce.current) {
      revealedOnce.current = true;
      reveal();
    }
  }, [initiallyRevealed, current, reveal]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: announce on a new card or reveal only
  useEffect(() => {
    if (!current) return;
    const front = current.front || intl.formatMessage({ id: 'deckReview.imageOnly' });
    const back = current.back || intl.formatMessage({ id: 'deckReview.imageOnly' });
    setLive(
      revealed
        ? intl.formatMessage({ id: 'deckReview.announce.answer' }, { back })
        : intl.formatMessage({ id: 'deckReview.announce.card' }, { front, remaining }),
    );
    const active = document.activeElement;
    // The type-in card's box took the focus as it showed: the learner types there first.
    if (
      active &&
      active !== cardRef.current &&
      cardRef.current?.contains(active) &&
      isTyping(active)
    ) {
      return;
    }
    if (
      cardRef.current &&
      (active === document.body || cardRef.current.contains(active) || !active)
    ) {
      cardRef.current.focus({ preventScroll: true });
    }
  }, [current?.id, revealed]);

  return { live, cardRef };
}
