import { createOpenAiProvider } from './ai/openai.ts';
import { createRulesProvider } from './ai/rules.ts';
import type { AiProvider } from './ai/types.ts';
import { createTesseractProvider } from './ocr/tesseract.ts';
import type { OcrProvider } from './ocr/types.ts';

export type { AiProvider } from './ai/types.ts';
export type { OcrProvider } from './ocr/types.ts';

/** The external services the app uses, each an offline default or a configured adapter. */
export interface Providers {
  ai: AiProvider;
  ocr: OcrProvider;
  /** Frees what the providers hold (the OCR worker). */
  close(): Promise<void>;
}

/**
 * Chooses each provider from the environment: the OpenAI-compatible adapter when `AI_BASE_URL`
 * is set (with `AI_API_KEY`, `AI_MODEL`, `AI_TIMEOUT_MS`), else the rules engine; OCR is always
 * tesseract.js with the traineddata installed from npm.
 */
export function createProviders(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Omit<Providers, 'close'>> = {},
): Providers {
  const ai =
    overrides.ai ??
    (env.AI_BASE_URL
      ? createOpenAiProvider({
          baseUrl: env.AI_BASE_URL,
          apiKey: env.AI_API_KEY,
          model: env.AI_MODEL || 'gpt-4o-mini',
          timeoutMs: env.AI_TIMEOUT_MS ? Number(env.AI_TIMEOUT_MS) : undefined,
        })
      : createRulesProvider());
  const ocr = overrides.ocr ?? createTesseractProvider();
  return { ai, ocr, close: () => ocr.close() };
}
