import { describe, expect, it } from 'vitest';
import { liveQuizReportCsv } from './live-quizzes.ts';

describe('liveQuizReportCsv', () => {
  it('writes the questions then the students, quoting and neutralising formulas', () => {
    const csv = liveQuizReportCsv(
      {
        quiz_id: 1,
        desk_name: 'Capitals',
        course_name: 'First year',
        questions: [
          {
            index: 0,
            card_id: 7,
            prompt: 'Spain, "the" capital',
            correct_answer: '=Madrid',
            answered: 2,
            correct: 1,
            distribution: [1, 1],
            average_ms: 1500,
          },
        ],
        students: [{ user_id: 3, username: 'ana', score: 967, rank: 1, answered: 1, correct: 1 }],
      },
      {
        questions: ['#', 'Question', 'Answer', 'Answered', 'Right', 'Mean ms'],
        students: ['Rank', 'Student', 'Score', 'Answered', 'Right'],
      },
    );
    expect(csv).toBe(
      [
        '#,Question,Answer,Answered,Right,Mean ms',
        '1,"Spain, ""the"" capital",\'=Madrid,2,1,1500',
        '',
        'Rank,Student,Score,Answered,Right',
        '1,ana,967,1,1',
        '',
      ].join('\r\n'),
    );
  });
});
