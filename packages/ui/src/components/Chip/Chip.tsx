import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { CheckIcon, CloseIcon } from '../../icons/icons.tsx';
import { cx } from '../../utils/cx.ts';
import * as s from './Chip.css.ts';

export type ChipColor =
  | 'default'
  | 'primary'
  | 'spacedRepetition'
  | 'duels'
  | 'macroImages'
  | 'conversionTable';

export interface ChipProps {
  /** The text; also names the remove button. */
  label: string;
  /** Decorative icon before the label. */
  icon?: ReactNode;
  /** Neutral, brand or one of the spec feature colours. */
  color?: ChipColor;
  /** Makes the chip a toggle button (aria-pressed). */
  selected?: boolean;
  /** Makes the chip a button. */
  onClick?: () => void;
  /** Adds a remove button named "Remove {label}". */
  onDelete?: () => void;
  /** Disables the toggle and the remove button. */
  disabled?: boolean;
  /** Extra class on the chip's root element. */
  className?: string;
}

/**
 * A compact label, a filter toggle, or a removable token.
 *
 * **Use it** for short attributes (a card's tag, a feature), for filters the user switches on and
 * off (`onClick` + `selected`), or for chosen values that can be removed (`onDelete`).
 * **Don't use it** for actions (use `Button`) or counts (use `Badge`).
 *
 * **Accessibility.** With `onClick` it is a toggle button with `aria-pressed`; Enter and Space
 * switch it. `onDelete` adds a separate button named "Remove {label}".
 */
export function Chip({
  label,
  icon,
  color = 'default',
  selected,
  onClick,
  onDelete,
  disabled,
  className,
}: ChipProps) {
  const intl = useIntl();
  const classes = cx(
    s.chip,
    s.color[color],
    selected && s.selected,
    onDelete && s.withDelete,
    className,
  );
  const leading = selected ? <CheckIcon size={16} /> : icon;

  if (onClick) {
    return (
      <button
        type="button"
        className={cx(classes, s.interactive)}
        aria-pressed={selected ?? undefined}
        onClick={onClick}
        disabled={disabled}
      >
        {leading}
        {label}
      </button>
    );
  }
  return (
    <span className={classes}>
      {leading}
      {label}
      {onDelete ? (
        <button
          type="button"
          className={s.remove}
          aria-label={intl.formatMessage({ id: 'ui.chip.remove' }, { label })}
          onClick={onDelete}
          disabled={disabled}
        >
          <CloseIcon size={16} />
        </button>
      ) : null}
    </span>
  );
}
