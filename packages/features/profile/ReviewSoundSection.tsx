import { setReviewSettings, useReviewSettings } from '@memoria/api';
import { Card } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './profile.css.ts';

/**
 * The review's sound settings, a section of `Profile`: auto-play a card side's sounds and speech
 * when it shows, and speak `{{tts}}` at all (off shows the words instead). Both on by default, as in
 * Anki. Kept in this browser (`$reviewSettings` in @memoria/api), read by `DeckReview`; a change
 * applies at once, with no Save.
 *
 * **Accessibility.** A section headed "Review sounds" (`h2`) with two labelled checkboxes.
 */
export function ReviewSoundSection() {
  const intl = useIntl();
  const { autoPlay, speech } = useReviewSettings();
  return (
    <Card
      as="section"
      title={intl.formatMessage({ id: 'profile.reviewSound.title' })}
      headingLevel={2}
    >
      <div className={s.checkList}>
        <label className={s.checkRow}>
          <input
            type="checkbox"
            checked={autoPlay}
            onChange={(event) => setReviewSettings({ autoPlay: event.target.checked })}
          />
          <FormattedMessage id="profile.reviewSound.autoPlay" />
        </label>
        <label className={s.checkRow}>
          <input
            type="checkbox"
            checked={speech}
            onChange={(event) => setReviewSettings({ speech: event.target.checked })}
          />
          <FormattedMessage id="profile.reviewSound.speech" />
        </label>
        <p className={s.checkNote}>
          <FormattedMessage id="profile.reviewSound.note" />
        </p>
      </div>
    </Card>
  );
}
