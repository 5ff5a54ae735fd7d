/** Each discipline's memorise and recall views, and the answers its recall starts from. */
import type { DisciplineId, TrainingAttempt } from '@memoria/api';
import { CardsMemorise, CardsRecall } from './Cards.tsx';
import { ImagesMemorise, ImagesRecall, imagesBlank } from './Images.tsx';
import { NamesMemorise, NamesRecall } from './Names.tsx';
import { NumbersMemorise, NumbersRecall } from './Numbers.tsx';
import type { RecallProps } from './types.ts';
import { WordsMemorise, WordsRecall } from './Words.tsx';

export interface DisciplineViews {
  Memorise: (props: { attempt: TrainingAttempt }) => React.ReactNode;
  Recall: (props: RecallProps) => React.ReactNode;
  /** The answers before the learner recalls anything. */
  blank: (attempt: TrainingAttempt) => string[];
}

const empty = (n: number) => Array<string>(n).fill('');

export const VIEWS: Record<DisciplineId, DisciplineViews> = {
  numbers: {
    Memorise: NumbersMemorise,
    Recall: NumbersRecall,
    blank: (a) => empty((a.content.digits ?? '').length),
  },
  images: { Memorise: ImagesMemorise, Recall: ImagesRecall, blank: imagesBlank },
  words: {
    Memorise: WordsMemorise,
    Recall: WordsRecall,
    blank: (a) => empty((a.content.words ?? []).length),
  },
  names: {
    Memorise: NamesMemorise,
    Recall: NamesRecall,
    blank: (a) => empty(2 * (a.content.recall_faces ?? []).length),
  },
  cards: { Memorise: CardsMemorise, Recall: CardsRecall, blank: () => [] },
};

export { CardFace } from './Cards.tsx';
export { Face } from './Names.tsx';
export type { RecallProps } from './types.ts';
