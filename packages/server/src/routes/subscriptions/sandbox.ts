/**
 * The sandbox provider's checkout page, served by the product when Mercado Pago is not configured.
 * It is the provider's page, not the app's: plain HTML (the API's CSP allows no script or style),
 * labelled as a test payment, in English or Spanish from the browser's language.
 */
import type { Context } from 'hono';
import type { Handlers } from '../../contract/types.ts';
import type { AppEnv } from '../../http/context.ts';
import { ApiError, notFound, validationError } from '../../http/errors.ts';
import type { SandboxCheckout, SandboxProvider } from '../../providers/payments/sandbox.ts';
import { MESSAGES } from './messages.ts';

const TEXTS = {
  en: {
    title: 'Test payment',
    notice: 'Sandbox checkout: this is a test payment. No money is charged.',
    plan: 'Plan',
    amount: 'Amount per month',
    payer: 'Payer',
    approve: 'Approve test payment',
    decline: 'Decline test payment',
    approved: 'Test payment approved. Your plan is active: check your email for the confirmation.',
    declined: 'Test payment declined. Your account stays on the free plan.',
    back: 'Back to Memoria',
  },
  es: {
    title: 'Pago de prueba',
    notice: 'Checkout de prueba (sandbox): es un pago de prueba. No se cobra dinero.',
    plan: 'Plan',
    amount: 'Importe por mes',
    payer: 'Pagador',
    approve: 'Aprobar pago de prueba',
    decline: 'Rechazar pago de prueba',
    approved:
      'Pago de prueba aprobado. Tu plan está activo: revisa tu correo electrónico para ver la confirmación.',
    declined: 'Pago de prueba rechazado. Tu cuenta sigue en el plan gratuito.',
    back: 'Volver a Memoria',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

function textsFor(c: Context<AppEnv>): { lang: 'en' | 'es'; t: Texts } {
  const cookie = /(?:^|;\s*)language=(en|es)\b/.exec(c.req.header('cookie') ?? '')?.[1];
  const header = c.req.header('accept-language')?.trim().slice(0, 2).toLowerCase();
  const lang = cookie === 'es' || (!cookie && header === 'es') ? 'es' : 'en';
  return { lang, t: TEXTS[lang] };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(lang: string, t: Texts, body: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${t.title} · Memoria sandbox</title></head>
<body><main><h1>${t.title}</h1><p><strong>${t.notice}</strong></p>${body}</main></body></html>`;
}

function summary(t: Texts, checkout: SandboxCheckout, lang: string): string {
  const amount = new Intl.NumberFormat(lang === 'es' ? 'es-AR' : 'en-US', {
    style: 'currency',
    currency: checkout.currency,
  }).format(checkout.amount);
  return `<dl><dt>${t.plan}</dt><dd>${escapeHtml(checkout.reason)}</dd>
<dt>${t.amount}</dt><dd>${escapeHtml(amount)}</dd>
<dt>${t.payer}</dt><dd>${escapeHtml(checkout.payerEmail)}</dd></dl>`;
}

function outcome(t: Texts, checkout: SandboxCheckout): string {
  const text = checkout.paymentStatus === 'approved' ? t.approved : t.declined;
  return `<p role="status">${text}</p><p><a href="${escapeHtml(checkout.backUrl)}">${t.back}</a></p>`;
}

function sandboxOf(c: Context<AppEnv>): SandboxProvider {
  const provider = c.get('deps').providers.payments;
  // Mercado Pago's checkout lives at Mercado Pago: this page exists only with the sandbox.
  if (provider.name !== 'sandbox') throw notFound('No sandbox checkout on this server.');
  return provider as SandboxProvider;
}

export const handlers: Handlers = {
  async getSandboxCheckout(c, { params }) {
    const checkout = await sandboxOf(c).findCheckout(params.checkout);
    if (!checkout) throw notFound('No sandbox checkout with this id.');
    const { lang, t } = textsFor(c);
    const form = `<form method="post">
<button type="submit" name="decision" value="approve">${t.approve}</button>
<button type="submit" name="decision" value="decline">${t.decline}</button></form>`;
    const body =
      summary(t, checkout, lang) + (checkout.status === 'pending' ? form : outcome(t, checkout));
    return c.html(page(lang, t, body), 200);
  },

  async completeSandboxCheckout(c, { params }) {
    const sandbox = sandboxOf(c);
    const form = await c.req.parseBody();
    const decision = form.decision;
    if (decision !== 'approve' && decision !== 'decline') {
      const message = 'Must be one of: approve, decline.';
      throw validationError({ decision: [message] });
    }
    const existing = await sandbox.findCheckout(params.checkout);
    if (!existing) throw notFound('No sandbox checkout with this id.');
    const decided = await sandbox.decide(params.checkout, decision);
    if (!decided) {
      throw new ApiError(409, 'conflict', MESSAGES.checkoutDecided, {
        fields: { decision: [MESSAGES.checkoutDecided] },
      });
    }
    const checkout = (await sandbox.findCheckout(params.checkout)) ?? existing;
    const { lang, t } = textsFor(c);
    return c.html(page(lang, t, summary(t, checkout, lang) + outcome(t, checkout)), 200);
  },
};
