import { Button, CheckIcon, Dialog } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './gate.css.ts';
import type { GateMessageId } from './messages.ts';

/** The titles of the modal (§2 "titled by feature"). */
export type GateTitle =
  | 'macroImages'
  | 'conversionTable'
  | 'advancedDuels'
  | 'deskDuels'
  | 'duels'
  | 'imageDuels'
  | 'tableDuels'
  | 'customDuels';

export const GATE_TITLES: readonly GateTitle[] = [
  'macroImages',
  'conversionTable',
  'advancedDuels',
  'deskDuels',
  'duels',
  'imageDuels',
  'tableDuels',
  'customDuels',
];

const BENEFITS: GateMessageId[] = [
  'gate.benefit.aiAssistance',
  'gate.benefit.advancedDuels',
  'gate.benefit.macroImages',
  'gate.benefit.conversionTools',
  'gate.benefit.unlimitedDecks',
  'gate.benefit.prioritySupport',
  'gate.benefit.analytics',
];

export const PRICING_PATH = '/pricing';

export interface PremiumModalProps {
  open: boolean;
  title: GateTitle;
  /** Maybe later, Escape or the close button. */
  onClose: () => void;
}

/**
 * The Premium Features modal: the benefits of paying, Maybe later and Upgrade now (to `/pricing`),
 * titled by the feature the learner tried to open. Shown by `GatedPage` and by gated actions; it
 * makes no API call.
 *
 * **Accessibility.** A modal `Dialog` labelled by its title; Escape and Maybe later close it and
 * focus returns to what opened it.
 */
export function PremiumModal({ open, title, onClose }: PremiumModalProps) {
  const intl = useIntl();
  const feature = intl.formatMessage({ id: `gate.feature.${title}` });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={feature}
      description={intl.formatMessage({ id: 'gate.heading' })}
      actions={
        <>
          <Button variant="text" onClick={onClose}>
            <FormattedMessage id="gate.maybeLater" />
          </Button>
          <Button href={PRICING_PATH}>
            <FormattedMessage id="gate.upgradeNow" />
          </Button>
        </>
      }
    >
      <p>
        <FormattedMessage id="gate.description" values={{ feature }} />
      </p>
      <ul className={s.benefits} aria-label={intl.formatMessage({ id: 'gate.benefits' })}>
        {BENEFITS.map((id) => (
          <li key={id} className={s.benefit}>
            <CheckIcon className={s.check} size={18} />
            <FormattedMessage id={id} />
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
