/** The finished quiz's report on the projector: per question and per student, and its CSV. */
import { type LiveQuizReport, useLiveQuizReport } from '@memoria/api';
import { Button, Skeleton } from '@memoria/ui';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { downloadCsv, toCsv } from '../shared/csv.ts';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import * as s from './liveQuiz.css.ts';

const seconds = (ms: number | null) => (ms === null ? '' : (ms / 1000).toFixed(1));

/** Two tables in one file, per question then per student, an empty row between them. */
export function reportCsv(intl: IntlShape, report: LiveQuizReport): string {
  const t = (id: string) => intl.formatMessage({ id });
  return toCsv([
    [
      t('liveQuiz.report.number'),
      t('liveQuiz.report.prompt'),
      t('liveQuiz.report.answer'),
      t('liveQuiz.report.answered'),
      t('liveQuiz.report.right'),
      t('liveQuiz.report.averageSeconds'),
    ],
    ...report.questions.map((q) => [
      String(q.index + 1),
      q.prompt,
      q.correct_answer,
      String(q.answered),
      String(q.correct),
      seconds(q.average_ms),
    ]),
    [],
    [
      t('liveQuiz.rank'),
      t('liveQuiz.report.username'),
      t('liveQuiz.score'),
      t('liveQuiz.report.answered'),
      t('liveQuiz.report.right'),
    ],
    ...report.students.map((p) => [
      String(p.rank),
      p.username,
      String(p.score),
      String(p.answered),
      String(p.correct),
    ]),
  ]);
}

export function QuizReport({ quizId }: { quizId: number }) {
  const intl = useIntl();
  const report = useLiveQuizReport(quizId);
  if (report.isPending) return <Skeleton variant="rect" height={160} />;
  if (report.isError) {
    return (
      <LoadFailure
        messageId="liveQuiz.report.loadFailed"
        retryId="liveQuiz.retry"
        onRetry={() => report.refetch()}
      />
    );
  }
  const data = report.data;
  return (
    <section className={s.section} aria-labelledby="live-quiz-report">
      <div className={s.row}>
        <h2 className={s.sectionTitle} id="live-quiz-report">
          <FormattedMessage id="liveQuiz.report" />
        </h2>
        <Button
          variant="secondary"
          onClick={() => downloadCsv(`live-quiz-${data.quiz_id}.csv`, reportCsv(intl, data))}
        >
          <FormattedMessage id="liveQuiz.report.download" />
        </Button>
      </div>
      <h3 className={s.sectionTitle}>
        <FormattedMessage id="liveQuiz.report.questions" />
      </h3>
      <div className={s.tableWrap}>
        <table className={s.table}>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="liveQuiz.report.number" />
              </th>
              <th scope="col">
                <FormattedMessage id="liveQuiz.report.prompt" />
              </th>
              <th scope="col">
                <FormattedMessage id="liveQuiz.report.answer" />
              </th>
              <th scope="col">
                <FormattedMessage id="liveQuiz.report.right" />
              </th>
              <th scope="col">
                <FormattedMessage id="liveQuiz.report.averageSeconds" />
              </th>
            </tr>
          </thead>
          <tbody>
            {data.questions.map((q) => (
              <tr key={q.index}>
                <td>{q.index + 1}</td>
                <th scope="row">{q.prompt}</th>
                <td>{q.correct_answer}</td>
                <td>
                  {q.correct} / {q.answered}
                </td>
                <td>{seconds(q.average_ms)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className={s.sectionTitle}>
        <FormattedMessage id="liveQuiz.report.students" />
      </h3>
      {data.students.length === 0 ? (
        <p className={s.muted}>
          <FormattedMessage id="liveQuiz.report.empty" />
        </p>
      ) : (
        <div className={s.tableWrap}>
          <table className={s.table} data-testid="live-quiz-report-students">
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="liveQuiz.rank" />
                </th>
                <th scope="col">
                  <FormattedMessage id="liveQuiz.report.username" />
                </th>
                <th scope="col">
                  <FormattedMessage id="liveQuiz.score" />
                </th>
                <th scope="col">
                  <FormattedMessage id="liveQuiz.report.right" />
                </th>
              </tr>
            </thead>
            <tbody>
              {data.students.map((p) => (
                <tr key={p.user_id}>
                  <td>{p.rank}</td>
                  <th scope="row">{p.username}</th>
                  <td>{p.score}</td>
                  <td>
                    {p.correct} / {p.answered}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
