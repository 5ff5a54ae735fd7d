import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

function pageUrl(c: Context<AppEnv>, page: number | null): string | null {
  if (page === null) return null;
  const url = new URL(c.req.url);
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

/** `next` and `previous` of the contract's `PageMeta` (a page past the end points back to the last). */
export function pageLinks(
  c: Context<AppEnv>,
  page: number,
  pageSize: number,
  count: number,
): { next: string | null; previous: string | null } {
  return {
    next: pageUrl(c, page * pageSize < count ? page + 1 : null),
    previous: pageUrl(
      c,
      page > 1 ? Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize))) : null,
    ),
  };
}
