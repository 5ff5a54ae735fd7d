import { SearchIcon } from '@memoria/ui';
import { useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { PanelFailure } from './PanelFailure.tsx';
import * as s from './shell.css.ts';
import { type Group, useSearchBox } from './useSearchBox.ts';

export { SEARCH_OPEN_DELAY_MS } from './useSearchBox.ts';

export interface SearchBoxProps {
  /** Start with this text and the dropdown open (stories). */
  defaultQuery?: string;
  defaultOpen?: boolean;
}

/**
 * The top bar's search (combobox): Ctrl/Cmd+K focuses it; the list of submodes, decks and chats
 * opens 300 ms after focus or typing; arrows move, Enter opens, Escape closes.
 */
export function SearchBox({ defaultQuery = '', defaultOpen = false }: SearchBoxProps) {
  const intl = useIntl();
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const search = useSearchBox({ defaultQuery, defaultOpen });
  const { open, active, options, failed, setActive, go, close } = search;

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
          ref={search.inputRef}
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
          value={search.query}
          onFocus={search.onFocus}
          onChange={(event) => search.onChange(event.target.value)}
          onKeyDown={search.onKeyDown}
        />
        <kbd className={s.kbd}>{intl.formatMessage({ id: 'shell.search.shortcut' })}</kbd>
      </div>
      {open ? (
        <div className={s.dropdown} data-overlay="">
          {/* First, so that a long list of modes never scrolls it out of sight. */}
          {failed.length > 0 ? (
            <div className={s.searchFailure}>
              <PanelFailure error={failed[0]?.error} onRetry={search.retry} />
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
