/**
 * Anki packages and CSV: `POST space-repetition/anki-import/` or `csv-import/` with upload
 * progress, and `GET space-repetition/desks/{id}/export/` as a file download.
 *
 * A documented exception to "every call through fetch": `fetch` reports no upload progress, so
 * the import's request is sent by `XMLHttpRequest` (`xhrFetch`), handed to the one typed client
 * as its per-request `fetch` (openapi-fetch's option). The client's middleware still adds the
 * token, CSRF header and language, and refreshes an expired token; only the transport and the time
 * limits differ: a package of 256 MB takes longer than the client's 30 s time-out to send, so the
 * upload keeps its own limits (`UploadLimits`): none while bytes are moving, then a wait for the
 * server's answer.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, keepsOwnTimeLimits } from './client.ts';
import { UPLOAD_ANSWER_TIMEOUT_MS, UPLOAD_IDLE_TIMEOUT_MS } from './constants.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import { invalidateAndRefetch, queryKeys } from './query.ts';
import type { components } from './schema.d.ts';
import { spaceRepetitionKeys } from './space-repetition.ts';

export type AnkiImportSummary = components['schemas']['AnkiImportSummary'];
export type DeckExportFormat = 'apkg' | 'csv';

/** The file types the import accepts: the reader's packages, and CSV. */
export const ANKI_ACCEPT = '.apkg,.colpkg,.csv';

/** Bytes sent and total of an upload. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** An upload's time limits, in ms. */
export interface UploadLimits {
  /** The longest time with no byte sent (or, once sent, no byte of the answer received). */
  idleMs: number;
  /** The longest wait for the answer after the last byte is sent (the server's import). */
  answerMs: number;
}

export const UPLOAD_LIMITS: UploadLimits = {
  idleMs: UPLOAD_IDLE_TIMEOUT_MS,
  answerMs: UPLOAD_ANSWER_TIMEOUT_MS,
};

/**
 * A `fetch` that sends the request by XMLHttpRequest, reporting upload progress, with the
 * upload's own time limits instead of the client's time-out: it rejects with a `TimeoutError`
 * (which the client reports as a lost connection, as any time-out) when `limits.idleMs` pass
 * with no progress, or `limits.answerMs` after the last byte with no answer.
 */
export function xhrFetch(
  onProgress: (p: UploadProgress) => void,
  limits: UploadLimits = UPLOAD_LIMITS,
): typeof fetch {
  const transport: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = request.body ? await request.blob() : null;
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const expireIn = (ms: number) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          reject(new DOMException('The upload timed out.', 'TimeoutError'));
          xhr.abort();
        }, ms);
      };
      xhr.addEventListener('loadend', () => clearTimeout(timer));
      xhr.open(request.method, request.url);
      xhr.withCredentials = true;
      xhr.responseType = 'blob';
      request.headers.forEach((value, name) => {
        xhr.setRequestHeader(name, value);
      });
      xhr.upload.onprogress = (event) => {
        expireIn(limits.idleMs);
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      };
      xhr.upload.onload = () => expireIn(limits.answerMs);
      xhr.onprogress = () => expireIn(limits.idleMs);
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        resolve(new Response(xhr.response as Blob, { status: xhr.status, headers }));
      };
      // What fetch throws on a network failure, so the client's middleware treats it the same.
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      xhr.onabort = () => reject(new DOMException('The request was aborted.', 'AbortError'));
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      expireIn(limits.idleMs);
      xhr.send(body);
    });
  };
  return keepsOwnTimeLimits(transport);
}

/** A CSV file (the deck export's format or `front,back`) rather than an Anki package. */
export const isCsvFile = (file: File) => /\.csv$/i.test(file.name);

/**
 * Imports an Anki package, or a CSV file into a new deck (`isCsvFile`); `onProgress` follows the
 * upload. Refreshes the decks and progress.
 */
export function useImportAnkiPackage(onProgress: (p: UploadProgress) => void) {
  const client = useQueryClient();
  return useMutation<AnkiImportSummary, ApiRequestError, File>({
    mutationFn: async (file) => {
      const upload = {
        body: { file: file as unknown as string },
        bodySerializer: () => {
          const form = new FormData();
          form.set('file', file, file.name);
          return form;
        },
        fetch: xhrFetch(onProgress),
      };
      return unwrap(
        isCsvFile(file)
          ? await api.POST('/space-repetition/csv-import/', upload)
          : await api.POST('/space-repetition/anki-import/', upload),
      );
    },
    onSuccess: () =>
      Promise.all([
        invalidateAndRefetch(client, spaceRepetitionKeys.decks()),
        invalidateAndRefetch(client, queryKeys.progress.all),
      ]).then(() => undefined),
  });
}

/** The file name the server gave (`Content-Disposition`), else `fallback`. */
function attachmentName(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/** Downloads a deck as an Anki package or CSV: the browser saves the file. */
export function useExportDeck() {
  return useMutation<void, ApiRequestError, { deckId: number; format: DeckExportFormat }>({
    mutationFn: async ({ deckId, format }) => {
      const result = await api.GET('/space-repetition/desks/{id}/export/', {
        params: { path: { id: deckId }, query: { format } },
        parseAs: 'blob',
      });
      const blob = unwrap(result) as unknown as Blob;
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = attachmentName(result.response, `desk.${format}`);
      document.body.append(link);
      link.click();
      link.remove();
      // The click has started the download: the URL may go once the event loop moves on.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
  });
}
