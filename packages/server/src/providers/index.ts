import type { Sql } from '../db/client.ts';
import { createOpenAiProvider } from './ai/openai.ts';
import { createRulesProvider } from './ai/rules.ts';
import type { AiProvider } from './ai/types.ts';
import { createSmtpSender } from './mail/smtp.ts';
import type { MailSender } from './mail/types.ts';
import { createTesseractProvider } from './ocr/tesseract.ts';
import type { OcrProvider } from './ocr/types.ts';
import { createMercadoPagoProvider } from './payments/mercadopago.ts';
import { createSandboxProvider, type Deliver } from './payments/sandbox.ts';
import type { PaymentProvider } from './payments/types.ts';
import type { PushSender } from './push/types.ts';
import { createWebPushSender } from './push/web-push.ts';

export type { AiProvider } from './ai/types.ts';
export type { MailSender, OutgoingMail } from './mail/types.ts';
export type { OcrProvider } from './ocr/types.ts';
export type { PaymentProvider } from './payments/types.ts';
export type { PushMessage, PushSender, PushTarget } from './push/types.ts';

/** The external services the app uses, each an offline default or a configured adapter. */
export interface Providers {
  ai: AiProvider;
  ocr: OcrProvider;
  payments: PaymentProvider;
  /** SMTP when `SMTP_URL` is set; null: mail stays in the `mail_outbox` table. */
  mail: MailSender | null;
  /** Web Push when `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY` are set; null: nothing is pushed. */
  push: PushSender | null;
  /** Frees what the providers hold (the OCR worker, the SMTP connections). */
  close(): Promise<void>;
}

/** What providers with their own storage need: the database (the sandbox's records). */
export interface ProviderResources {
  /** Absent only where no payment is ever made (provider unit tests). */
  sql?: Sql;
  /** How the sandbox hands its webhook notifications to this process's app (see `Deliver`). */
  deliver?: Deliver;
}

/**
 * Chooses each provider from the environment: the OpenAI-compatible adapter when `AI_BASE_URL`
 * is set (with `AI_API_KEY`, `AI_MODEL`, `AI_TIMEOUT_MS`), else the rules engine (its streamed
 * stories paced by `STORY_STREAM_DELAY_MS`); OCR is always
 * tesseract.js with the traineddata installed from npm; payments through Mercado Pago when
 * `MERCADOPAGO_ACCESS_TOKEN` is set (with `MERCADOPAGO_WEBHOOK_SECRET`), else the sandbox; mail
 * through SMTP when `SMTP_URL` is set (from `MAIL_FROM`), else it stays in the outbox table;
 * push notifications through `web-push` when `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY` are set
 * (with `VAPID_SUBJECT`), else none.
 */
export function createProviders(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Omit<Providers, 'close'>> = {},
  resources: ProviderResources = {},
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
      : createRulesProvider({ streamDelayMs: streamDelay(env.STORY_STREAM_DELAY_MS) }));
  const ocr = overrides.ocr ?? createTesseractProvider();
  const payments = overrides.payments ?? createPaymentProvider(env, resources);
  const mail =
    overrides.mail !== undefined
      ? overrides.mail
      : env.SMTP_URL
        ? createSmtpSender({ url: env.SMTP_URL, from: env.MAIL_FROM })
        : null;
  const push = overrides.push !== undefined ? overrides.push : createPushSender(env);
  return {
    ai,
    ocr,
    payments,
    mail,
    push,
    close: async () => {
      mail?.close();
      await ocr.close();
    },
  };
}

/** `STORY_STREAM_DELAY_MS`: a whole number of milliseconds, 0 to 1000; unset, the default. */
function streamDelay(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || ms > 1000) {
    throw new Error(`STORY_STREAM_DELAY_MS must be a whole number from 0 to 1000, not "${value}"`);
  }
  return ms;
}

function createPushSender(env: Record<string, string | undefined>): PushSender | null {
  if (!env.VAPID_PUBLIC_KEY && !env.VAPID_PRIVATE_KEY) return null;
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY || !env.VAPID_SUBJECT) {
    // Half a configuration would silently send nothing: say so at start-up.
    throw new Error('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set together');
  }
  return createWebPushSender({
    publicKey: env.VAPID_PUBLIC_KEY,
    privateKey: env.VAPID_PRIVATE_KEY,
    subject: env.VAPID_SUBJECT,
  });
}

function createPaymentProvider(
  env: Record<string, string | undefined>,
  resources: ProviderResources,
): PaymentProvider {
  if (!env.MERCADOPAGO_ACCESS_TOKEN) return createSandboxProvider(resources);
  if (!env.MERCADOPAGO_WEBHOOK_SECRET) {
    // Without it no notification could be verified, so no purchase could ever complete.
    throw new Error('MERCADOPAGO_WEBHOOK_SECRET must be set with MERCADOPAGO_ACCESS_TOKEN');
  }
  return createMercadoPagoProvider({
    accessToken: env.MERCADOPAGO_ACCESS_TOKEN,
    webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET,
  });
}
