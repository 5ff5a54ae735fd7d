/**
 * The card browser's module (/space-repetition/browse, issue 43), hydrated as
 * `CardBrowserIsland`.
 */
import {
  type ApiRequestError,
  CARD_SEARCH_PAGE_SIZE,
  type CardBulkRequest,
  type CardSearchResult,
  type CardSearchSort,
  useCardSearch,
  useCardsBulkChange,
  useUndoCardsBulkChange,
} from '@memoria/api';
import { Button, EmptyState, Menu, Select, Skeleton, Snackbar, TextField } from '@memoria/ui';
import { type FormEvent, type KeyboardEvent, type MouseEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import { type BulkDialog, BulkDialogs } from './BulkDialogs.tsx';
import * as s from './cardBrowser.css.ts';
import { NoteEditor } from './NoteEditor.tsx';
import { useDesktop } from './useDesktop.ts';

type Column =
  | 'front'
  | 'deck'
  | 'due'
  | 'interval'
  | 'difficulty'
  | 'lapses'
  | 'retrievability'
  | 'state';
const COLUMNS: Column[] = [
  'front',
  'deck',
  'due',
  'interval',
  'difficulty',
  'lapses',
  'retrievability',
  'state',
];
/** The columns the search sorts by; the others are shown in the order of the current sort. */
const SORTABLE: Partial<Record<Column, CardSearchSort>> = {
  due: 'due',
  interval: 'interval',
  difficulty: 'difficulty',
  lapses: 'lapses',
  retrievability: 'retrievability',
};

/** The syntax help: each example with what it finds (docs/features/search.md has the rest). */
const HELP: [string, string][] = [
  ['dog', 'cardBrowser.help.word'],
  ['"a dog"', 'cardBrowser.help.phrase'],
  ['front:dog  back:*dog*', 'cardBrowser.help.side'],
  ['deck:"My Deck"', 'cardBrowser.help.deck'],
  ['tag:geo', 'cardBrowser.help.tag'],
  ['is:new|learn|review|due|suspended|buried|leech', 'cardBrowser.help.is'],
  ['flag:1', 'cardBrowser.help.flag'],
  ['prop:ivl>=10  prop:due<=1  prop:lapses>3  prop:r<0.8', 'cardBrowser.help.prop'],
  ['rated:7:1  added:1', 'cardBrowser.help.rated'],
  ['note:Cloze', 'cardBrowser.help.note'],
  ['-is:new  dog or cat  (a or b)', 'cardBrowser.help.logic'],
];

/** The server's own words for a query that does not parse (400 naming `q`), else none. */
function queryProblem(error: ApiRequestError | null): string | undefined {
  if (error?.status !== 400) return undefined;
  return error.fields.q?.[0] ?? error.message;
}

/**
 * The card browser: a search box with Anki's syntax and its help, a sortable, paginated table of
 * the cards found, row selection by mouse and keyboard, bulk actions (suspend, bury, flag, tag,
 * reset, reschedule, move to deck, delete) with Undo, and the note editor on Enter: beside the
 * table at desktop width, as Anki's browser, a dialog on a phone. The page hydrates it as
 * `CardBrowserIsland`.
 *
 * **Use it** as the page that finds and fixes cards across every deck the learner sees.
 * **Don't use it** inside a deck's page (its card list is `DeckDetail`) or in the review.
 *
 * **Accessibility.** The table's sortable headers are buttons that say their order; rows are
 * selected with Space, Shift+arrows, Shift+click and Ctrl+A and moved through with the arrow keys;
 * the bulk actions are a menu button (Enter opens it, arrows choose); delete asks first, saying how
 * many cards; Enter opens the note in a labelled side panel (a dialog on a phone); each bulk change
 * is announced in a snackbar with Undo.
 *
 * **API calls and states.** `GET /space-repetition/cards/search/` per query, sort and page
 * (`Default`); no card found: `Empty`; a query that does not parse: the server's message under
 * the box (`BadQuery`); failure: the error with Retry (`LoadError`). Bulk actions:
 * `POST /space-repetition/cards/bulk/` and its `undo/` (`BulkMenu`, `DeleteConfirm`; moving lists
 * `GET /space-repetition/desks/`); Enter reads `GET /space-repetition/notes/{id}/` (`NotePanel`).
 */
export function CardBrowser() {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<CardSearchSort>('added');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [editing, setEditing] = useState<CardSearchResult | null>(null);
  const [notice, setNotice] = useState<{ message: string; operationId?: number } | null>(null);
  const [tags, setTags] = useState('');
  const [dialog, setDialog] = useState<BulkDialog | null>(null);
  const desktop = useDesktop();

  const search = useCardSearch({ q, sort, order, page });
  const rows = search.data?.results ?? [];
  const problem = queryProblem(search.error);

  const bulk = useCardsBulkChange({
    onSuccess: (result, request) => {
      const count = result.results.filter((r) => r.outcome === 'done').length;
      setDialog(null);
      if (request.action === 'delete') {
        // The deleted rows are gone: nothing of them stays selected or open.
        setSelected(new Set());
        if (editing && request.card_ids.includes(editing.id)) setEditing(null);
      }
      setNotice({
        message: intl.formatMessage({ id: 'cardBrowser.done' }, { count }),
        operationId: result.operation_id ?? undefined,
      });
    },
    onError: () => setNotice({ message: intl.formatMessage({ id: 'cardBrowser.actionFailed' }) }),
  });
  const undo = useUndoCardsBulkChange({
    onSuccess: () => setNotice({ message: intl.formatMessage({ id: 'cardBrowser.undone' }) }),
    onError: () => setNotice({ message: intl.formatMessage({ id: 'cardBrowser.actionFailed' }) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
    setPage(1);
    setSelected(new Set());
  };

  const sortBy = (column: CardSearchSort) => {
    if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setOrder('asc');
    }
    setPage(1);
  };

  const select = (index: number, { range, toggle }: { range: boolean; toggle: boolean }) => {
    const id = rows[index]?.id;
    if (id === undefined) return;
    if (range && anchor !== null) {
      const [from, to] = anchor < index ? [anchor, index] : [index, anchor];
      setSelected(new Set(rows.slice(from, to + 1).map((r) => r.id)));
      return;
    }
    setAnchor(index);
    if (toggle) {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      setSelected(next);
    } else setSelected(new Set([id]));
  };

  const onRowClick = (index: number) => (event: MouseEvent) =>
    select(index, { range: event.shiftKey, toggle: event.ctrlKey || event.metaKey });

  const onRowKey = (index: number, row: CardSearchResult) => (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      setEditing(row);
    } else if (event.key === ' ') {
      event.preventDefault();
      select(index, { range: event.shiftKey, toggle: true });
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      const sibling = (
        down ? event.currentTarget.nextElementSibling : event.currentTarget.previousElementSibling
      ) as HTMLElement | null;
      if (!sibling) return;
      sibling.focus();
      if (event.shiftKey) {
        // Shift+arrow grows (or shrinks) the range from where the selection started.
        if (anchor === null) setAnchor(index);
        const from = anchor ?? index;
        const to = down ? index + 1 : index - 1;
        const [lo, hi] = from < to ? [from, to] : [to, from];
        setSelected(new Set(rows.slice(lo, hi + 1).map((r) => r.id)));
      }
    }
  };

  const onTableKey = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      setSelected(new Set(rows.map((r) => r.id)));
    }
  };

  const run = (change: Omit<CardBulkRequest, 'card_ids'>) =>
    bulk.mutate({ ...change, card_ids: [...selected] } as CardBulkRequest);
  const tagList = tags.split(/\s+/).filter(Boolean);
  const menuItem = (id: string, label: string, onSelect: () => void) => ({
    id,
    label: intl.formatMessage({ id: label }),
    disabled: bulk.isPending || undo.isPending,
    onSelect,
  });
  const menu = [
    menuItem('suspend', 'cardBrowser.action.suspend', () => run({ action: 'suspend' })),
    menuItem('unsuspend', 'cardBrowser.action.unsuspend', () => run({ action: 'unsuspend' })),
    menuItem('bury', 'cardBrowser.action.bury', () => run({ action: 'bury' })),
    menuItem('reset', 'cardBrowser.action.reset', () => run({ action: 'reset' })),
    menuItem('reschedule', 'cardBrowser.action.rescheduleOpen', () => setDialog('reschedule')),
    menuItem('move', 'cardBrowser.action.move', () => setDialog('move')),
    menuItem('delete', 'cardBrowser.action.delete', () => setDialog('delete')),
  ];

  const pages = Math.max(1, Math.ceil((search.data?.count ?? 0) / CARD_SEARCH_PAGE_SIZE));

  let body: React.ReactNode;
  if (search.isPending && !problem) {
    body = (
      <div
        role="status"
        aria-busy="true"
        aria-label={intl.formatMessage({ id: 'cardBrowser.loading' })}
      >
        <Skeleton height={200} />
      </div>
    );
  } else if (search.isError && !problem) {
    body = (
      <LoadFailure
        messageId="cardBrowser.loadFailed"
        retryId="cardBrowser.retry"
        onRetry={() => search.refetch()}
      />
    );
  } else if (problem) {
    body = null;
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        title={<FormattedMessage id="cardBrowser.empty.title" />}
        description={<FormattedMessage id="cardBrowser.empty.description" />}
      />
    );
  } else {
    body = (
      <>
        <p className={s.help} aria-live="polite">
          <FormattedMessage id="cardBrowser.count" values={{ count: search.data?.count ?? 0 }} />
          {selected.size > 0 ? (
            <>
              {' · '}
              <FormattedMessage id="cardBrowser.selected" values={{ count: selected.size }} />
            </>
          ) : null}
        </p>
        <div className={s.tableWrap}>
          <table
            className={s.table}
            aria-label={intl.formatMessage({ id: 'cardBrowser.table' })}
            onKeyDown={onTableKey}
          >
            <thead>
              <tr>
                {COLUMNS.map((column) => {
                  const key = SORTABLE[column];
                  const label = <FormattedMessage id={`cardBrowser.column.${column}`} />;
                  return (
                    <th
                      key={column}
                      className={s.cell}
                      scope="col"
                      aria-sort={
                        key && key === sort
                          ? order === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : undefined
                      }
                    >
                      {key ? (
                        <button type="button" className={s.sortButton} onClick={() => sortBy(key)}>
                          {label}
                          {key === sort ? (order === 'asc' ? ' ▲' : ' ▼') : null}
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr
                  key={row.id}
                  className={s.row}
                  tabIndex={0}
                  aria-selected={selected.has(row.id)}
                  onClick={onRowClick(index)}
                  onDoubleClick={() => setEditing(row)}
                  onKeyDown={onRowKey(index, row)}
                >
                  <td className={`${s.cell} ${s.frontCell}`}>{row.front}</td>
                  <td className={s.cell}>{row.desk_name}</td>
                  <td className={s.cell}>
                    {row.state === 'new' ? '—' : intl.formatDate(row.due, { dateStyle: 'medium' })}
                  </td>
                  <td className={s.cell}>
                    <FormattedMessage id="cardBrowser.days" values={{ count: row.interval }} />
                  </td>
                  <td className={s.cell}>
                    {row.state === 'new'
                      ? '—'
                      : intl.formatNumber(row.difficulty, { maximumFractionDigits: 1 })}
                  </td>
                  <td className={s.cell}>{intl.formatNumber(row.lapses)}</td>
                  <td className={s.cell}>
                    {row.retrievability === null
                      ? '—'
                      : intl.formatNumber(row.retrievability, { style: 'percent' })}
                  </td>
                  <td className={s.cell}>
                    <RowState row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <nav className={s.pager} aria-label={intl.formatMessage({ id: 'cardBrowser.table' })}>
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            <FormattedMessage id="cardBrowser.page.previous" />
          </Button>
          <span>
            <FormattedMessage id="cardBrowser.page" values={{ page, pages }} />
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            <FormattedMessage id="cardBrowser.page.next" />
          </Button>
        </nav>
      </>
    );
  }

  const busy = bulk.isPending || undo.isPending;
  return (
    <section className={s.page} aria-labelledby="card-browser-title">
      <header>
        <h1 id="card-browser-title">
          <FormattedMessage id="cardBrowser.title" />
        </h1>
        <p>
          <FormattedMessage id="cardBrowser.subtitle" />
        </p>
      </header>
      <form className={s.searchRow} onSubmit={submit}>
        <TextField
          className={s.searchField}
          type="search"
          label={<FormattedMessage id="cardBrowser.search.label" />}
          placeholder={intl.formatMessage({ id: 'cardBrowser.search.placeholder' })}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={problem}
        />
        <Button type="submit">
          <FormattedMessage id="cardBrowser.search.submit" />
        </Button>
      </form>
      <details className={s.help}>
        <summary>
          <FormattedMessage id="cardBrowser.help.toggle" />
        </summary>
        <dl className={s.helpList}>
          {HELP.map(([example, id]) => (
            <div key={example} style={{ display: 'contents' }}>
              <dt>
                <code>{example}</code>
              </dt>
              <dd style={{ margin: 0 }}>
                <FormattedMessage id={id} />
              </dd>
            </div>
          ))}
        </dl>
      </details>
      {selected.size > 0 ? (
        <div
          className={s.toolbar}
          role="toolbar"
          aria-label={intl.formatMessage({ id: 'cardBrowser.actions' })}
        >
          <Menu
            trigger={<FormattedMessage id="cardBrowser.actions.menu" />}
            items={menu}
            className={s.menu}
          />
          <Select
            label={<FormattedMessage id="cardBrowser.action.flag" />}
            value=""
            placeholder={intl.formatMessage({ id: 'cardBrowser.action.flag' })}
            disabled={busy}
            options={[
              { value: '0', label: intl.formatMessage({ id: 'cardBrowser.action.flagNone' }) },
              ...[1, 2, 3, 4, 5, 6, 7].map((flag) => ({
                value: String(flag),
                label: intl.formatMessage({ id: 'cardBrowser.state.flag' }, { flag }),
              })),
            ]}
            onChange={(event) => {
              if (event.target.value !== '')
                run({ action: 'flag', flag: Number(event.target.value) });
            }}
          />
          <TextField
            label={<FormattedMessage id="cardBrowser.action.tags" />}
            value={tags}
            onChange={(event) => setTags(event.target.value)}
          />
          <Button
            size="sm"
            variant="secondary"
            disabled={busy || tagList.length === 0}
            onClick={() => run({ action: 'tag', tags: tagList })}
          >
            <FormattedMessage id="cardBrowser.action.tag" />
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={busy || tagList.length === 0}
            onClick={() => run({ action: 'untag', tags: tagList })}
          >
            <FormattedMessage id="cardBrowser.action.untag" />
          </Button>
        </div>
      ) : null}
      {editing && desktop ? (
        <div className={s.withPanel}>
          <div className={s.tableColumn}>{body}</div>
          <NoteEditor card={editing} variant="panel" onClose={() => setEditing(null)} />
        </div>
      ) : (
        body
      )}
      {editing && !desktop ? (
        <NoteEditor card={editing} variant="dialog" onClose={() => setEditing(null)} />
      ) : null}
      <BulkDialogs
        open={dialog}
        count={selected.size}
        pending={bulk.isPending}
        onClose={() => setDialog(null)}
        onRun={run}
      />
      <Snackbar
        open={notice !== null}
        message={notice?.message ?? ''}
        onClose={() => setNotice(null)}
        action={
          notice?.operationId !== undefined
            ? {
                label: intl.formatMessage({ id: 'cardBrowser.undo' }),
                onClick: () => {
                  const operationId = notice.operationId as number;
                  undo.mutate({ operationId });
                },
              }
            : undefined
        }
      />
    </section>
  );
}

/** The state column: the schedule state, then suspended, buried and the flag. */
function RowState({ row }: { row: CardSearchResult }) {
  const intl = useIntl();
  const parts = [intl.formatMessage({ id: `cardBrowser.state.${row.state}` })];
  if (row.suspended) parts.push(intl.formatMessage({ id: 'cardBrowser.state.suspended' }));
  if (row.buried) parts.push(intl.formatMessage({ id: 'cardBrowser.state.buried' }));
  if (row.flag > 0)
    parts.push(intl.formatMessage({ id: 'cardBrowser.state.flag' }, { flag: row.flag }));
  return <>{parts.join(' · ')}</>;
}
