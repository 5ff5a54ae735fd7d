/** Contract-typed review data shared by the stories and tests of the review island. */
import {
  type CustomStudySession,
  type DueCard,
  type DueCards,
  LEARN_AHEAD_SECONDS,
  type ReviewResult,
} from '@memoria/api';
import { deck } from '../../shared/test/fixtures.ts';

export { deck };

const MIN = 60;
const DAY = 86_400;
const NOW = Date.parse('2025-01-15T10:30:00.000Z');

const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();
const interval = (seconds: number) => ({ due: at(seconds), interval_seconds: seconds });

/** A card of the queue with its previews (the server's `previews` covered it). */
export type PreviewedCard = DueCard & { intervals: NonNullable<DueCard['intervals']> };

export function dueCard(
  id: number,
  front: string,
  back: string,
  state: DueCard['state'],
): PreviewedCard {
  const learning = state === 'learning' || state === 'relearning';
  const isNew = state === 'new';
  return {
    id,
    desk_id: 7,
    note_id: id,
    ordinal: 1,
    front,
    back,
    front_html: front,
    back_html: back,
    front_image: null,
    back_image: null,
    state,
    due: at(-MIN),
    stability: isNew ? 0 : learning ? 0.4 : 12.3,
    difficulty: isNew ? 0 : 5.2,
    reps: isNew ? 0 : learning ? 1 : 6,
    lapses: state === 'relearning' ? 1 : 0,
    last_review: isNew ? null : at(learning ? -10 * MIN : -12 * DAY),
    created_at: at(-20 * DAY),
    updated_at: at(-DAY),
    intervals: isNew
      ? {
          again: interval(MIN),
          hard: interval(6 * MIN),
          good: interval(10 * MIN),
          easy: interval(8 * DAY),
        }
      : learning
        ? {
            again: interval(5 * MIN),
            hard: interval(10 * MIN),
            good: interval(DAY),
            easy: interval(4 * DAY),
          }
        : {
            again: interval(10 * MIN),
            hard: interval(9 * DAY),
            good: interval(36 * DAY),
            easy: interval(95 * DAY),
          },
  };
}

export const CARDS = {
  fresh: dueCard(101, 'Paris', 'capital of France', 'new'),
  learning: dueCard(102, 'Madrid', 'capital of Spain', 'learning'),
  review: dueCard(103, 'Rome', 'capital of Italy', 'review'),
};

export function queue(cards: DueCard[], extra: Partial<DueCards> = {}): DueCards {
  const fresh = cards.filter((c) => c.state === 'new').length;
  return {
    day: '2025-01-15',
    desk_id: 7,
    due_count: cards.length - fresh,
    new_count: fresh,
    remaining_today: cards.length,
    cards,
    ...extra,
  };
}

export function reviewResult(card: PreviewedCard, rating: ReviewResult['rating']): ReviewResult {
  const { intervals, ...plain } = card;
  const next = intervals[rating];
  return {
    card: { ...plain, state: 'learning', due: next.due, last_review: at(0) },
    rating,
    next_due: next.due,
    interval_seconds: next.interval_seconds,
    // As the server answers: previews only for a card that comes back in today's session.
    intervals: next.interval_seconds <= LEARN_AHEAD_SECONDS ? intervals : null,
    review_id: 1,
    remaining_today: 0,
  };
}

// ── note card types (docs/features/notes.md, the server's markup) ─────────────────────────────

/** Media addresses as card HTML holds them: a map (image) and a sentence (sound). */
export const MEDIA = {
  map: `/be/api/space-repetition/media/${'a'.repeat(64)}/`,
  sound: `/be/api/space-repetition/media/${'b'.repeat(64)}/`,
};

/** A small map for the occlusion card: three coloured regions (served as image/svg+xml). */
export const MAP_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300" viewBox="0 0 480 300">' +
  '<rect width="480" height="300" fill="#cfe8fc"/>' +
  '<path d="M30 40h150v110H30z" fill="#a5d6a7"/><path d="M230 90h130v130H230z" fill="#ffcc80"/>' +
  '<path d="M340 230l110 0-20 50-80 0z" fill="#ce93d8"/></svg>';

/** A card of a note: its HTML sides and their plain text, as the server renders them. */
function noteCard(
  id: number,
  sides: { front_html: string; back_html: string; front: string; back: string },
  state: DueCard['state'] = 'new',
): PreviewedCard {
  return { ...dueCard(id, sides.front, sides.back, state), ...sides };
}

const occlusionHtml = (side: 'front' | 'back') =>
  `<div class="occlusion" data-occlusion-mode="hide_all_guess_one" data-occlusion-ordinal="2"><img src="${MEDIA.map}" alt="Map"><svg class="occlusion-masks" viewBox="0 0 1 1" preserveAspectRatio="none" aria-hidden="true">` +
  '<rect class="occlusion-mask" data-ordinal="1" x="0.05" y="0.1" width="0.35" height="0.4"/>' +
  `<rect class="${side === 'front' ? 'occlusion-mask-active' : 'occlusion-mask-revealed'}" data-ordinal="2" x="0.46" y="0.28" width="0.3" height="0.45"/>` +
  '<polygon class="occlusion-mask" data-ordinal="3" points="0.7,0.76 0.95,0.76 0.9,0.95 0.72,0.95"/>' +
  '</svg></div>';

export const NOTE_CARDS = {
  cloze: noteCard(201, {
    front_html:
      'The capital of <span class="cloze-inactive" data-cloze="2">France</span> is <span class="cloze" data-cloze="1">[city]</span>.',
    back_html:
      'The capital of <span class="cloze-inactive" data-cloze="2">France</span> is <span class="cloze" data-cloze="1">Paris</span>.<div class="cloze-extra">It has been since 508.</div>',
    front: 'The capital of France is [city].',
    back: 'The capital of France is Paris.\nIt has been since 508.',
  }),
  typeIn: noteCard(202, {
    front_html:
      '<p>Capital of Italy, in Italian?</p><div class="type-answer" data-type-answer=""></div>',
    back_html: '<div class="type-answer" data-type-answer-expected="Roma"></div>',
    front: 'Capital of Italy, in Italian?',
    back: 'Roma',
  }),
  occlusion: noteCard(203, {
    front_html: `<div class="occlusion-header">Which region is it?</div>${occlusionHtml('front')}`,
    back_html: `${occlusionHtml('back')}<div class="occlusion-extra">The orange one: the centre.</div>`,
    front: 'Which region is it? (2)',
    back: 'The orange one: the centre.',
  }),
  audio: noteCard(204, {
    front_html: `<p>Listen and translate: <audio src="${MEDIA.sound}"></audio></p>`,
    back_html: '<p>Where is the library?</p>',
    front: 'Listen and translate:',
    back: 'Where is the library?',
  }),
  speech: noteCard(205, {
    front_html: '<p><b>perro</b> <tts-speak lang="es_ES">perro</tts-speak></p>',
    back_html: '<p>dog</p>',
    front: 'perro',
    back: 'dog',
  }),
  math: noteCard(206, {
    front_html: '<p>Solve \\(x^2 = 4\\) for <i>x</i>.</p>',
    back_html: '<p>\\[x = \\pm 2\\]</p>',
    front: 'Solve \\(x^2 = 4\\) for x.',
    back: '\\[x = \\pm 2\\]',
  }),
};

/** A custom-study session as `POST custom-study/` answers it. */
export function customSession(
  kind: CustomStudySession['kind'],
  cards: DueCard[],
): CustomStudySession {
  return { kind, desk_id: 7, cram: kind === 'cram', cards };
}

/**
 * A cram rating's answer: what the rating would have scheduled (a learning step with its own,
 * different previews), `review_id` null, as the server answers without writing anything.
 */
export function cramResult(card: PreviewedCard, rating: ReviewResult['rating']): ReviewResult {
  const result = reviewResult(card, rating);
  const shifted = (seconds: number) => interval(seconds * 3);
  return {
    ...result,
    review_id: null,
    intervals: {
      again: shifted(card.intervals.again.interval_seconds),
      hard: shifted(card.intervals.hard.interval_seconds),
      good: shifted(card.intervals.good.interval_seconds),
      easy: shifted(card.intervals.easy.interval_seconds),
    },
  };
}
