import { navigateTo, useDeskSearch, useMacroChatSearch } from '@memoria/api';
import { SearchIcon } from '@memoria/ui';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useFeatureAccess } from '../gate/index.ts';
import { SUBMODES } from './modes.ts';
import { PanelFailure } from './PanelFailure.tsx';
import { installSearchShortcut } from './searchShortcut.ts';
import * as s from './shell.css.ts';

/** The dropdown opens this long after focus or the last keystroke (§2, §9). */
export const SEARCH_OPEN_DELAY_MS = 300;
const MAX_PER_GROUP = 5;

type Group = 'submodes' | 'decks' | 'chats';
type Option = { key: string; group: Group; href: string; label: string; meta?: string };

export interface SearchBoxProps {
  /** Start with this text and the dropdown open (stories). */
  defaultQuery?: string;
  defaultOpen?: boolean;
}

function includes(text: string, term: string, locale: string): boolean {
  return text.toLocaleLowerCase(locale).includes(term.toLocaleLowerCase(locale));
}

/**
 * The top bar's search (combobox): Ctrl/Cmd+K focuses it; the list of submodes, decks and chats
 * opens 300 ms after focus or typing; arrows move, Enter opens, Escape closes.
 */
export function SearchBox({ defaultQuery = '', defaultOpen = false }: SearchBoxProps) {
  const intl = useIntl();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [query, setQuery] = useState(defaultQuery);
  const [term, setTerm] = useState(defaultQuery.trim());
  const [open, setOpen] = useState(defaultOpen);
  const [active, setActive] = useState(-1);
  const chatsAllowed = useFeatureAccess('macro_images').allowed;

  const desks = useDeskSearch(term, { enabled: open });
  const chats = useMacroChatSearch({ enabled: open && chatsAllowed });
  // A failed call is not "no results": the list says it could not load (or, for a 501, that the
  // search is coming soon) instead of hiding the failure behind an empty list.
  const failed = [desks, chats].filter((query) => query.isError);
  const retry = () => {
    for (const query of failed) void query.refetch();
    inputRef.current?.focus();
  };

  useEffect(() => {
    installSearchShortcut();
    return () => clearTimeout(timer.current);
  }, []);

  const schedule = (value: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setTerm(value.trim());
      setActive(-1);
      setOpen(true);
    }, SEARCH_OPEN_DELAY_MS);
  };

  const close = () => {
    clearTimeout(timer.current);
    setOpen(false);
    setActive(-1);
  };

  const options = useMemo<Option[]>(() => {
    const locale = intl.locale;
    const list: Option[] = [];
    for (const mode of SUBMODES) {
      const label = intl.formatMessage({ id: mode.label });
      if (term && !includes(label, term, locale)) continue;
      if (list.some((o) => o.href === mode.href && o.label === label)) continue;
      list.push({ key: `mode-${mode.id}`, group: 'submodes', href: mode.href, label });
    }
    for (const desk of (desks.data ?? []).slice(0, MAX_PER_GROUP)) {
      list.push({
        key: `desk-${desk.id}`,
        group: 'decks',
        href: `/space-repetition/${desk.id}`,
        label: desk.name.trim() || intl.formatMessage({ id: 'shell.search.unnamedDeck' }),
        meta: intl.formatMessage({ id: 'shell.search.cards' }, { count: desk.cards_count }),
      });
    }
    const chatList = (chats.data ?? []).filter(
      (chat) => !term || includes(chat.title, term, locale),
    );
    for (const chat of chatList.slice(0, MAX_PER_GROUP)) {
      list.push({
        key: `chat-${chat.id}`,
        group: 'chats',
        href: `/macro-images/${chat.id}`,
        label: chat.title.trim() || intl.formatMessage({ id: 'shell.search.unnamedChat' }),
      });
    }
    return list;
  }, [intl, term, desks.data, chats.data]);

  // The top bar lives on from page to page (the client router), so a pick also empties the box,
  // as a page load did.
  const go = (option: Option | undefined) => {
    if (!option) return;
    close();
    setQuery('');
    setTerm('');
    navigateTo(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          clearTimeout(timer.current);
          setTerm(query.trim());
          setOpen(true);
          setActive(0);
        } else if (options.length > 0) {
          setActive((i) => (i + 1) % options.length);
        }
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open && options.length > 0) {
          setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
        }
        break;
      case 'Enter':
        if (open && active >= 0) {
          event.preventDefault();
          go(options[active]);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        } else if (query) {
          setQuery('');
        }
        break;
      default:
        break;
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const groups: Group[] = ['submodes', 'decks', 'chats'];

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the whole search closes its list
    <div
      ref={rootRef}
      className={s.search}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <div className={s.searchField}>
        <SearchIcon />
        <input
          ref={inputRef}
          data-search-input=""
          className={s.searchInput}
          type="search"
          role="combobox"
          aria-label={intl.formatMessage({ id: 'shell.search.label' })}
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          placeholder={intl.formatMessage({ id: 'shell.search.placeholder' })}
          autoComplete="off"
          value={query}
          onFocus={() => schedule(query)}
          onChange={(event) => {
            setQuery(event.target.value);
            schedule(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        <kbd className={s.kbd}>{intl.formatMessage({ id: 'shell.search.shortcut' })}</kbd>
      </div>
      {open ? (
        <div className={s.dropdown} data-overlay="">
          {/* First, so that a long list of modes never scrolls it out of sight. */}
          {failed.length > 0 ? (
            <div className={s.searchFailure}>
              <PanelFailure error={failed[0]?.error} onRetry={retry} />
            </div>
          ) : null}
          <div
            id={listId}
            role="listbox"
            aria-label={intl.formatMessage({ id: 'shell.search.label' })}
          >
            {options.length === 0 && failed.length === 0 ? (
              <p className={s.noResults}>{intl.formatMessage({ id: 'shell.search.noResults' })}</p>
            ) : (
              groups.map((group) => {
                const inGroup = options
                  .map((option, index) => ({ option, index }))
                  .filter(({ option }) => option.group === group);
                if (inGroup.length === 0) return null;
                const labelId = `${listId}-${group}`;
                return (
                  // biome-ignore lint/a11y/useSemanticElements: a group of listbox options (ARIA listbox pattern)
                  <div key={group} role="group" aria-labelledby={labelId}>
                    <p className={s.groupLabel} id={labelId}>
                      {intl.formatMessage({ id: `shell.search.${group}` })}
                    </p>
                    {inGroup.map(({ option, index }) => (
                      // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (aria-activedescendant)
                      <div
                        key={option.key}
                        id={optionId(index)}
                        role="option"
                        tabIndex={-1}
                        aria-selected={index === active}
                        className={s.option}
                        onMouseDown={(event) => event.preventDefault()}
                        onMouseEnter={() => setActive(index)}
                        onClick={() => go(option)}
                      >
                        <span>{option.label}</span>
                        {option.meta ? <span className={s.optionMeta}>{option.meta}</span> : null}
                      </div>
                    ))}
                  </div>
                );
              })
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
