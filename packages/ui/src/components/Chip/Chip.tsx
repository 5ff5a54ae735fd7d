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
  label: string;
  icon?: ReactNode;
  color?: ChipColor;
  /** Makes the chip a toggle button (aria-pressed). */
  selected?: boolean;
  onClick?: () => void;
  /** Adds a remove button named "Remove {label}". */
  onDelete?: () => void;
  disabled?: boolean;
  className?: string;
}

/** A compact label; a toggle when `onClick` is given, removable with `onDelete`. */
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
