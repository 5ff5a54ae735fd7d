import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

export interface Page {
  page: number;
  pageSize: number;
}

/** The rows to skip and take for a 1-based page. */
export const pageWindow = ({ page, pageSize }: Page) => ({
  offset: (page - 1) * pageSize,
  limit: pageSize,
});

/**
 * The `next` and `previous` links of a paginated list: the request's own path and query with
 * another `page`; null at either end (a page past the end links back to the last one).
 */
export function pageLinks(
  c: Context<AppEnv>,
  { page, pageSize }: Page,
  count: number,
): { next: string | null; previous: string | null } {
  const link = (n: number | null) => {
    if (n === null) return null;
    const url = new URL(c.req.url);
    url.searchParams.set('page', String(n));
    return `${url.pathname}${url.search}`;
  };
  const last = Math.max(1, Math.ceil(count / pageSize));
  return {
    next: link(page * pageSize < count ? page + 1 : null),
    previous: link(page > 1 ? Math.min(page - 1, last) : null),
  };
}
