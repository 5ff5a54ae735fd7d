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
  /** Shown when true. */
  open: boolean;
  /** The feature the learner tried to open: the modal's title (one of `GATE_TITLES`). */
  title: GateTitle;
  /** Maybe later, Escape or the close button. */
  onClose: () => void;
}

/**
 * The Premium Features modal: what paying brings (seven benefits), Maybe later and Upgrade now (a
 * link to `/pricing`), titled by the feature the learner tried to open ("Macro Images", "Duels"…).
 *
 * **Use it** when a free plan reaches something a paid plan gives: a gated page (`GatedPage` shows
 * it) or a gated action (Accept of a duel request in `DuelsHome` and `NotificationsMenu`).
 * **Don't use it** for a failed call or a missing permission that paying would not fix, or to sell
 * on a page everyone may see (`/pricing`'s plan cards).
 *
 * **API calls and states.** It makes no API call: the caller decides when to open it and what Maybe
 * later does. Its title is one of the `GATE_TITLES`: the feature's name, as for Macro Images
 * (`MacroImages`) and deck duels (`DeckDuels`).
 *
 * **Accessibility.** A modal `Dialog` labelled by the feature's name and described by "Premium
 * Features": the page behind is inert, focus starts on Maybe later, Escape, × and the backdrop
 * close it like Maybe later, and focus returns to what opened it. The benefits are a list named
 * "What you get"; their check marks are decorative. Upgrade now is a link (Enter).
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
