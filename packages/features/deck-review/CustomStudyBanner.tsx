import type { CustomStudyKind } from '@memoria/api';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './review.css.ts';

export interface CustomStudyBannerProps {
  /** The session's kind: `ahead`, `forgotten`, `new` or `cram`. */
  kind: CustomStudyKind;
  /** True in a cram session: says that ratings change no schedule. */
  cram: boolean;
}

/**
 * The band above a custom-study session's cards: "Custom study: cram" and what its ratings do
 * (a cram session's change no due date; the other kinds' count as usual reviews).
 *
 * **Use it** in the review island while it plays a custom-study session. **Don't use it** for
 * the deck's ordinary due queue, or for feedback on a rating (the review's snackbar).
 *
 * **Accessibility.** A region named by its title ("Custom study: cram"), so a screen reader
 * lists it among the page's landmarks; the note is plain text under the title.
 *
 * **API calls and states.** None: it shows what the session says. Stories: `Cram`, `Ahead`.
 */
export function CustomStudyBanner({ kind, cram }: CustomStudyBannerProps) {
  const intl = useIntl();
  const titleId = useId();
  return (
    <section className={s.customBanner} aria-labelledby={titleId} data-custom-study={kind}>
      <h2 id={titleId} className={s.customBannerTitle}>
        <FormattedMessage
          id="deckReview.custom.banner"
          values={{ kind: intl.formatMessage({ id: `deckReview.custom.kind.${kind}` }) }}
        />
      </h2>
      <p className={s.customBannerNote}>
        <FormattedMessage id={cram ? 'deckReview.custom.cramNote' : 'deckReview.custom.note'} />
      </p>
    </section>
  );
}
