import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cx } from '../../utils/cx.ts';
import * as s from './Tabs.css.ts';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  /** The tabs with their panels, in order. */
  tabs: TabItem[];
  /** Accessible name of the tab list. */
  'aria-label': string;
  /** The selected tab's id (controlled). */
  value?: string;
  /** The first selected tab's id (uncontrolled; default the first enabled tab). */
  defaultValue?: string;
  /** Called with the id of the tab the user selects. */
  onChange?: (id: string) => void;
  /** Tabs share the full width (phones). */
  fullWidth?: boolean;
  /** Extra class on the root element (tab list and panels). */
  className?: string;
}

/**
 * Tabs that switch between panels of related content in the same place.
 *
 * **Use it** for two to five views of one subject (Login / Register). Controlled with `value` and
 * `onChange`, or uncontrolled with `defaultValue`. **Don't use it** for navigation between pages
 * (use links) or for steps that must be done in order.
 *
 * **Accessibility.** WAI-ARIA tabs with automatic activation: the tab list is one tab stop (roving
 * tabindex), Left/Right arrows move and select, Home/End jump to the first and last tab. Each panel
 * is a `tabpanel` labelled by its tab. `aria-label` names the tab list.
 */
export function Tabs({
  tabs,
  'aria-label': ariaLabel,
  value,
  defaultValue,
  onChange,
  fullWidth = false,
  className,
}: TabsProps) {
  const baseId = useId();
  const [internal, setInternal] = useState(defaultValue ?? tabs.find((t) => !t.disabled)?.id);
  const selected = value ?? internal;
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  const choose = (id: string) => {
    if (value === undefined) setInternal(id);
    onChange?.(id);
  };

  const enabled = tabs.filter((t) => !t.disabled);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = enabled.findIndex((t) => t.id === selected);
    let next: TabItem | undefined;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) next = enabled[(index + 1) % enabled.length];
    else if (event.key === backward) next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled.at(-1);
    if (!next) return;
    event.preventDefault();
    choose(next.id);
    refs.current[next.id]?.focus();
  };

  return (
    <div className={cx(s.root, className)}>
      <div
        role="tablist"
        aria-label={ariaLabel}
        className={cx(s.list, fullWidth && s.fullWidthList)}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[tab.id] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              disabled={tab.disabled}
              className={s.tab}
              onClick={() => choose(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: APG: a panel is focusable so its content can be reached
          tabIndex={0}
          className={s.panel}
        >
          {tab.id === selected ? tab.content : null}
        </div>
      ))}
    </div>
  );
}
