/**
 * The state of the top bar's `SearchBox`: the typed text, the term searched after the delay, the
 * open list, the active option, the options found, the failed searches and what each key does.
 */
import { navigateTo, useDeckSearch, useMacroChatSearch } from '@memoria/api';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { useFeatureAccess } from '../gate/index.ts';
import { SUBMODES } from './modes.ts';
import { installSearchShortcut } from './searchShortcut.ts';

/** The dropdown opens this long after focus or the last keystroke (§2, §9). */
export const SEARCH_OPEN_DELAY_MS = 300;
const MAX_PER_GROUP = 5;

export type Group = 'submodes' | 'decks' | 'chats';
export type Option = { key: string; group: Group; href: string; label: string; meta?: string };

function includes(text: string, term: string, locale: string): boolean {
  return text.toLocaleLowerCase(locale).includes(term.toLocaleLowerCase(locale));
}

/** The options for `term`: matching submodes, then the decks and chats found (5 of each). */
function searchOptions(
  intl: IntlShape,
  term: string,
  decks: readonly { id: number; name: string; cards_count: number }[],
  chats: readonly { id: number; title: string }[],
): Option[] {
  const locale = intl.locale;
  const list: Option[] = [];
  for (const mode of SUBMODES) {
    const label = intl.formatMessage({ id: mode.label });
    if (term && !includes(label, term, locale)) continue;
    if (list.some((o) => o.href === mode.href && o.label === label)) continue;
    list.push({ key: `mode-${mode.id}`, group: 'submodes', href: mode.href, label });
  }
  for (const deck of decks.slice(0, MAX_PER_GROUP)) {
    list.push({
      key: `desk-${deck.id}`,
      group: 'decks',
      href: `/space-repetition/${deck.id}`,
      label: deck.name.trim() || intl.formatMessage({ id: 'shell.search.unnamedDeck' }),
      meta: intl.formatMessage({ id: 'shell.search.cards' }, { count: deck.cards_count }),
    });
  }
  const chatList = chats.filter((chat) => !term || includes(chat.title, term, locale));
  for (const chat of chatList.slice(0, MAX_PER_GROUP)) {
    list.push({
      key: `chat-${chat.id}`,
      group: 'chats',
      href: `/macro-images/${chat.id}`,
      label: chat.title.trim() || intl.formatMessage({ id: 'shell.search.unnamedChat' }),
    });
  }
  return list;
}

export function useSearchBox({
  defaultQuery = '',
  defaultOpen = false,
}: {
  defaultQuery?: string;
  defaultOpen?: boolean;
}) {
  const intl = useIntl();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [query, setQuery] = useState(defaultQuery);
  const [term, setTerm] = useState(defaultQuery.trim());
  const [open, setOpen] = useState(defaultOpen);
  const [active, setActive] = useState(-1);
  const chatsAllowed = useFeatureAccess('macro_images').allowed;

  const decks = useDeckSearch(term, { enabled: open });
  const chats = useMacroChatSearch({ enabled: open && chatsAllowed });
  // A failed call is not "no results": the list says it could not load (or, for a 501, that the
  // search is coming soon) instead of hiding the failure behind an empty list.
  const failed = [decks, chats].filter((query) => query.isError);
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

  const options = useMemo(
    () => searchOptions(intl, term, decks.data ?? [], chats.data ?? []),
    [intl, term, decks.data, chats.data],
  );

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

  const onChange = (value: string) => {
    setQuery(value);
    schedule(value);
  };

  return {
    inputRef,
    query,
    open,
    active,
    setActive,
    options,
    failed,
    retry,
    close,
    go,
    onKeyDown,
    onFocus: () => schedule(query),
    onChange,
  };
}
