/**
 * The live quiz islands: `LiveQuizIsland` (`/live-quiz/{id}`, the projector or a student's
 * screen) and `LiveQuizJoinIsland` (`/live-quiz`, join with a code). Signed in; not plan-gated
 * (a school's course decides who may take part).
 */
import type { Locale, Theme } from '@memoria/api';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { LiveQuizJoin } from './LiveQuizJoin.tsx';
import { LiveQuizScreen } from './LiveQuizScreen.tsx';
import * as s from './liveQuiz.css.ts';

type Prefs = { locale?: Locale; theme?: Theme };

/** `/live-quiz/{id}`: one live quiz (`LiveQuizScreen`). */
export function LiveQuizIsland({ quizId, ...prefs }: Prefs & { quizId: number }) {
  return (
    <IslandRoot {...prefs}>
      <LiveQuizScreen quizId={quizId} />
    </IslandRoot>
  );
}

/** `/live-quiz`: join with the six-digit code (`LiveQuizJoin`). */
export function LiveQuizJoinIsland(prefs: Prefs) {
  return (
    <IslandRoot {...prefs}>
      <div className={s.screen}>
        <LiveQuizJoin />
      </div>
    </IslandRoot>
  );
}
