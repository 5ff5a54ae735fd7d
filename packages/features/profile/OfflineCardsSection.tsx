import { Card } from '@memoria/ui';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { OFFLINE_BUDGET_BYTES, type OfflinePack, offlinePack } from '../deck-review/index.ts';
import * as s from './profile.css.ts';

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * The cards kept in this browser for reviewing offline, a section of `Profile`: how many, their
 * size against the budget (`OFFLINE_BUDGET_BYTES`), and when they were read
 * (docs/features/offline.md). Read from IndexedDB, no API call; nothing kept yet says so.
 *
 * **Accessibility.** A section headed "Offline review" (`h2`) with one paragraph.
 */
export function OfflineCardsSection() {
  const intl = useIntl();
  const [pack, setPack] = useState<OfflinePack | null | undefined>(undefined);
  useEffect(() => {
    let left = false;
    offlinePack()
      .then((kept) => !left && setPack(kept))
      .catch(() => !left && setPack(null));
    return () => {
      left = true;
    };
  }, []);
  return (
    <Card as="section" title={intl.formatMessage({ id: 'profile.offline.title' })} headingLevel={2}>
      <p className={s.checkNote}>
        {pack ? (
          <FormattedMessage
            id="profile.offline.kept"
            values={{
              cards: pack.cards,
              media: pack.mediaFiles ?? 0,
              size: megabytes(pack.bytes),
              budget: megabytes(OFFLINE_BUDGET_BYTES),
              at: intl.formatDate(pack.generatedAt, { dateStyle: 'medium', timeStyle: 'short' }),
            }}
          />
        ) : (
          <FormattedMessage
            id="profile.offline.none"
            values={{ budget: megabytes(OFFLINE_BUDGET_BYTES) }}
          />
        )}
      </p>
    </Card>
  );
}
