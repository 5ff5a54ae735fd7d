import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cx } from '../../utils/cx.ts';
import * as s from './Menu.css.ts';

export interface MenuItem {
  /** Stable key of the item. */
  id: string;
  /** The item's text. */
  label: ReactNode;
  /** Second line (e.g. a notification's age). */
  description?: ReactNode;
  /** Decorative icon before the label. */
  icon?: ReactNode;
  /** Shown but not selectable. */
  disabled?: boolean;
  /** Renders the item as a link. */
  href?: string;
  /** Called when the item is chosen (click, Enter, Space); the menu closes. */
  onSelect?: () => void;
}

export interface MenuProps {
  /** Content of the trigger button (text, or an icon with `triggerLabel`). */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is only an icon. */
  triggerLabel?: string;
  /** The entries, in order. */
  items: MenuItem[];
  /** Shown instead of items when there are none (e.g. "No notifications"). */
  emptyContent?: ReactNode;
  /** Maximum height of the list in px; it scrolls beyond (notifications: 250). */
  maxHeight?: number;
  /** Which edge of the trigger the list lines up with (default `start`). */
  align?: 'start' | 'end';
  /** Start open (stories, tests). */
  defaultOpen?: boolean;
  /** Called when the menu opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /** Extra class on the trigger button (the top bar's bell). */
  triggerClassName?: string;
  /** Extra class on the wrapper around the trigger and the list. */
  className?: string;
}

/**
 * A menu button: a trigger that opens a list of actions or links (the notifications menu, account
 * menu).
 *
 * **Use it** for a short list of commands or destinations that need not be visible all the time.
 * Items may have a second line (`description`), an icon, or be links (`href`). `emptyContent` shows
 * when there are no items. **Don't use it** to choose a value in a form (use `Select`) or for the
 * main navigation.
 *
 * **Accessibility.** WAI-ARIA menu button pattern: Enter, Space or ArrowDown open it on the first
 * item, ArrowUp on the last; arrows, Home and End move between items; Escape closes it and returns
 * focus to the trigger; Tab closes it. When the focused item is taken out while the menu is open,
 * the item now in its place takes the focus (the button when none is left), so the keys keep
 * working. Name an icon-only trigger with `triggerLabel`.
 */
export function Menu({
  trigger,
  triggerLabel,
  items,
  emptyContent,
  maxHeight,
  align = 'start',
  defaultOpen = false,
  onOpenChange,
  triggerClassName,
  className,
}: MenuProps) {
  const [open, setOpenState] = useState(defaultOpen);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const menuId = useId();
  const triggerId = useId();

  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );

  const enabled = items.map((item, index) => (item.disabled ? -1 : index)).filter((i) => i >= 0);

  const openAt = (which: 'first' | 'last') => {
    setOpen(true);
    setFocusIndex(which === 'first' ? (enabled[0] ?? null) : (enabled.at(-1) ?? null));
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    setFocusIndex(null);
    if (returnFocus) triggerRef.current?.focus();
  };

  useEffect(() => {
    if (open && focusIndex !== null) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  // Items may change while the menu is open (a notification taken out under the focus): the focus,
  // dropped on the page with its item, comes back to the item now in its place (or the last one,
  // or the button when none is left), so Escape and the arrow keys still reach the menu.
  useEffect(() => {
    if (!open || focusIndex === null) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    if (items.length === 0) {
      triggerRef.current?.focus();
      return;
    }
    const next = Math.min(focusIndex, items.length - 1);
    if (next === focusIndex) itemRefs.current[next]?.focus();
    else setFocusIndex(next);
  });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) {
        setOpen(false);
        setFocusIndex(null);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, setOpen]);

  const move = (delta: 1 | -1) => {
    if (enabled.length === 0) return;
    const current = focusIndex === null ? -1 : enabled.indexOf(focusIndex);
    const next = (current + delta + enabled.length) % enabled.length;
    setFocusIndex(enabled[next] ?? null);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Home':
        event.preventDefault();
        setFocusIndex(enabled[0] ?? null);
        break;
      case 'End':
        event.preventDefault();
        setFocusIndex(enabled.at(-1) ?? null);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      default:
        break;
    }
  };

  const select = (item: MenuItem) => {
    if (item.disabled) return;
    item.onSelect?.();
    close(true);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the popup from anywhere inside
    <div
      ref={rootRef}
      className={cx(s.root, className)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open && items.length === 0) close(true);
      }}
    >
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={cx(s.trigger, triggerClassName)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={triggerLabel}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      {open && items.length === 0 ? (
        <div
          id={menuId}
          className={cx(s.menu, s.empty, align === 'end' ? s.alignEnd : s.alignStart)}
          data-overlay=""
        >
          {emptyContent}
        </div>
      ) : null}
      {open && items.length > 0 ? (
        <div
          id={menuId}
          role="menu"
          aria-labelledby={triggerId}
          tabIndex={-1}
          className={cx(s.menu, align === 'end' ? s.alignEnd : s.alignStart)}
          style={maxHeight ? { maxHeight: `${maxHeight}px` } : undefined}
          onKeyDown={onMenuKeyDown}
          data-overlay=""
        >
          {items.map((item, index) => {
            const content = (
              <>
                {item.icon}
                <span className={s.itemText}>
                  <span>{item.label}</span>
                  {item.description ? (
                    <span className={s.itemDescription}>{item.description}</span>
                  ) : null}
                </span>
              </>
            );
            const common = {
              role: 'menuitem',
              tabIndex: focusIndex === index ? 0 : -1,
              className: s.item,
              'aria-disabled': item.disabled || undefined,
            } as const;
            return item.href && !item.disabled ? (
              <a
                key={item.id}
                {...common}
                href={item.href}
                ref={(el) => {
                  itemRefs.current[index] = el;
                }}
                onClick={() => select(item)}
              >
                {content}
              </a>
            ) : (
              <button
                key={item.id}
                type="button"
                {...common}
                ref={(el) => {
                  itemRefs.current[index] = el;
                }}
                onClick={() => select(item)}
              >
                {content}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
