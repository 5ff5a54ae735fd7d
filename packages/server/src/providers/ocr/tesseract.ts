import { copyFile, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type Tesseract from 'tesseract.js';
import { OcrError, type OcrLanguage, type OcrProvider } from './types.ts';

const require = createRequire(import.meta.url);

/**
 * Where each language's traineddata lives: the `4.0.0_best_int` (LSTM-only) folder of the
 * `@tesseract.js-data/<lang>` npm package, so nothing is ever downloaded.
 */
export function traineddataFolder(lang: OcrLanguage): string {
  const pkg = require.resolve(`@tesseract.js-data/${lang}/package.json`);
  return path.join(path.dirname(pkg), '4.0.0_best_int');
}

/** The worker script and the WebAssembly core, both from node_modules (no CDN). */
function localPaths() {
  const tesseractDir = path.dirname(require.resolve('tesseract.js/package.json'));
  return {
    workerPath: path.join(tesseractDir, 'src', 'worker-script', 'node', 'index.js'),
    corePath: path.dirname(require.resolve('tesseract.js-core/package.json')),
  };
}

export interface TesseractOptions {
  languages?: OcrLanguage[];
  /** One recognition may take this long before the worker is recycled (default 60 s). */
  timeoutMs?: number;
}

/**
 * OCR with tesseract.js (English and Spanish). One worker, created on first use and reused by
 * every request; jobs run one after another on it. `close()` terminates it.
 */
export function createTesseractProvider(options: TesseractOptions = {}): OcrProvider {
  const languages = options.languages ?? ['eng', 'spa'];
  const timeoutMs = options.timeoutMs ?? 60_000;
  let worker: Promise<Tesseract.Worker> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  let langDir: string | undefined;

  const start = async (): Promise<Tesseract.Worker> => {
    // tesseract.js reads every language from one `langPath` folder; the npm packages keep each
    // language in its own, so link them side by side in a temporary folder. Nothing is fetched:
    // a local `langPath` is read with fs, and `cacheMethod: 'none'` writes no cache either.
    langDir ??= await mkdtemp(path.join(os.tmpdir(), 'memoria-ocr-'));
    for (const code of languages) {
      const file = `${code}.traineddata.gz`;
      const source = path.join(traineddataFolder(code), file);
      const target = path.join(langDir, file);
      await symlink(source, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') await copyFile(source, target);
      });
    }
    // Loaded with the first recognition: most processes never read an image.
    const { createWorker, OEM } = (await import('tesseract.js')).default;
    return createWorker(languages, OEM.LSTM_ONLY, {
      ...localPaths(),
      langPath: langDir,
      gzip: true,
      cacheMethod: 'none',
      legacyCore: false,
      legacyLang: false,
      // Without a handler tesseract.js rethrows a failed job as an uncaught exception.
      errorHandler: () => {},
    });
  };

  const getWorker = () => {
    worker ??= start().catch((error) => {
      worker = undefined;
      throw new OcrError('unavailable', `The OCR engine could not start: ${String(error)}`, {
        cause: error,
      });
    });
    return worker;
  };

  const recycle = async () => {
    const w = worker;
    worker = undefined;
    if (w) await w.then((x) => x.terminate()).catch(() => {});
  };

  const run = async (image: Uint8Array): Promise<string> => {
    if (closed) throw new OcrError('unavailable', 'The OCR engine is shut down.');
    const w = await getWorker();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new OcrError('unavailable', `OCR took longer than ${timeoutMs} ms.`)),
        timeoutMs,
      );
    });
    try {
      const result = await Promise.race([w.recognize(Buffer.from(image)), timeout]);
      return result.data.text ?? '';
    } catch (error) {
      if (error instanceof OcrError) {
        await recycle();
        throw error;
      }
      // tesseract.js rejects with a string for images Leptonica cannot decode.
      throw new OcrError('unreadable', `The image could not be read: ${String(error)}`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    name: 'tesseract',
    recognize(image) {
      const job = queue.then(() => run(image));
      queue = job.catch(() => {});
      return job;
    },
    async close() {
      closed = true;
      await queue.catch(() => {});
      await recycle();
      if (langDir) await rm(langDir, { recursive: true, force: true });
    },
  };
}
