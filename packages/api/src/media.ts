/**
 * Deck media for `<img>` and `<audio>`: `GET space-repetition/media/<hash>/` needs the bearer
 * token, which an element's `src` cannot send, so the media is fetched through the one API client
 * (token, refresh, time-out) and shown from an object URL. Each resolver keeps its URLs by hash
 * (one request per hash however often a side shows it), drops the least recently used beyond its
 * capacity and revokes the URLs it drops and, on `dispose`, all of them.
 */
import { useEffect, useState } from 'react';
import { type ApiClient, api } from './client.ts';
import { unwrap } from './errors.ts';

/** Memoria's media address as card HTML holds it (docs/features/media.md). */
const MEDIA_PATH = /^\/be\/api\/space-repetition\/media\/([0-9a-f]{64})\/$/;

/**
 * Object URLs a resolver keeps: a review session shows a few hundred cards at most, each with a
 * handful of media, and a dropped URL only costs a new request if its card shows again.
 */
export const MEDIA_CACHE_CAPACITY = 200;

/** The hash of a Memoria media address, or null for any other URL. */
export function mediaHash(src: string): string | null {
  return MEDIA_PATH.exec(src)?.[1] ?? null;
}

const MEDIA_PATHS = /\/be\/api\/space-repetition\/media\/([0-9a-f]{64})\//g;

/** The hashes of the Memoria media a text (a card's HTML or JSON) refers to, each once. */
export function mediaHashesIn(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(MEDIA_PATHS), (m) => m[1] as string))];
}

/** A media's bytes through the API client (the bearer token), for keeping it offline. */
export async function fetchMedia(hash: string, client: ApiClient = api): Promise<Blob> {
  const result = await client.GET('/space-repetition/media/{hash}/', {
    params: { path: { hash } },
    headers: { Accept: 'image/*, audio/*' },
    parseAs: 'blob',
  });
  return unwrap(result) as unknown as Blob;
}

/**
 * The media loads under way in this page, on the page's global under `MEDIA_LOADS`. A load starts
 * with a read of the browser's kept copies (IndexedDB), which is neither a request nor a query:
 * the story tests (.storybook/test-runner.ts) wait for this count as they wait for queries, or a
 * card's image appeared after its screenshot was taken.
 */
export interface MediaLoads {
  pending: number;
  /** Called each time `pending` falls to 0. */
  onIdle: Set<() => void>;
}

export const MEDIA_LOADS = Symbol.for('memoria.mediaLoads');

function mediaLoads(): MediaLoads {
  const scope = globalThis as unknown as Record<symbol, MediaLoads | undefined>;
  scope[MEDIA_LOADS] ??= { pending: 0, onIdle: new Set() };
  return scope[MEDIA_LOADS];
}

/** Counts `load` among the page's media loads until it settles. */
function tracked<T>(load: Promise<T>): Promise<T> {
  const loads = mediaLoads();
  loads.pending += 1;
  const settle = () => {
    loads.pending -= 1;
    if (loads.pending === 0) for (const idle of [...loads.onIdle]) idle();
  };
  load.then(settle, settle);
  return load;
}

export interface MediaResolver {
  /** The address to load `src` from: an object URL for Memoria's media, else `src` itself. */
  resolve(src: string): string | Promise<string>;
  /** Revokes every object URL made; later calls fetch again. */
  dispose(): void;
}

export interface MediaResolverOptions {
  client?: ApiClient;
  capacity?: number;
  /** Object URLs (default the browser's `URL`): tests count what is made and revoked. */
  urls?: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
  /**
   * The bytes kept in this browser for a hash, or null (the offline review's media, issue 46).
   * Tried before the network: a hash always names the same bytes, so a kept copy is never stale.
   */
  kept?: (hash: string) => Promise<Blob | null>;
}

export function createMediaResolver({
  client = api,
  capacity = MEDIA_CACHE_CAPACITY,
  urls = URL,
  kept,
}: MediaResolverOptions = {}): MediaResolver {
  // Insertion order is recency order: a hit is deleted and set again.
  const cache = new Map<string, Promise<string>>();
  let generation = 0;

  const revoke = (url: Promise<string>) => {
    url.then((u) => urls.revokeObjectURL(u)).catch(() => {});
  };

  async function fetchBlob(hash: string): Promise<Blob> {
    const local = await kept?.(hash).catch(() => null);
    if (local) return local;
    return fetchMedia(hash, client);
  }

  async function load(hash: string, made: number): Promise<string> {
    const url = urls.createObjectURL(await fetchBlob(hash));
    // Disposed while the bytes were on their way: nobody will revoke it later.
    if (made !== generation) urls.revokeObjectURL(url);
    return url;
  }

  return {
    resolve(src) {
      const hash = mediaHash(src);
      if (!hash) return src;
      const known = cache.get(hash);
      if (known) {
        cache.delete(hash);
        cache.set(hash, known);
        return known;
      }
      const loading = tracked(load(hash, generation));
      cache.set(hash, loading);
      // A failure (404, connection lost) is not kept: the next showing asks again.
      loading.catch(() => {
        if (cache.get(hash) === loading) cache.delete(hash);
      });
      while (cache.size > capacity) {
        const [oldest, url] = cache.entries().next().value as [string, Promise<string>];
        cache.delete(oldest);
        revoke(url);
      }
      return loading;
    },
    dispose() {
      generation += 1;
      for (const url of cache.values()) revoke(url);
      cache.clear();
    },
  };
}

/**
 * A media resolver for the component's lifetime, for `RichContent`'s `resolveMediaUrl`: stable
 * across renders, its object URLs revoked when the component unmounts.
 */
export function useMediaResolver(
  options: Pick<MediaResolverOptions, 'kept'> = {},
): MediaResolver['resolve'] {
  const [resolver] = useState(() => createMediaResolver(options));
  useEffect(() => () => resolver.dispose(), [resolver]);
  return resolver.resolve;
}
