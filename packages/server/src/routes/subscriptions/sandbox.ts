/**
 * The sandbox provider's checkout page, served by the product when Mercado Pago is not configured.
 * It is the provider's page, not the app's: HTML with no script, styled like the product by one
 * inline style that its own CSP allows by hash (issue 40: it was unstyled), labelled as a test
 * payment, in English or Spanish from the browser's language.
 */
import { createHash } from 'node:crypto';
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

/** The product's look (ui theme tokens, light and dark): colours, type, a card, two buttons. */
const STYLE = `
:root{color-scheme:light dark;--bg:#f4f6f8;--card:#fff;--text:#1a1c1e;--muted:#5b6168;
--primary:#1976d2;--on-primary:#fff;--border:#dde1e6;--danger:#c62828}
@media (prefers-color-scheme:dark){:root{--bg:#121212;--card:#1e1e1e;--text:#ececec;
--muted:#b0b5bb;--primary:#90caf9;--on-primary:#0d1b2a;--border:#3a3f45;--danger:#ef9a9a}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;background:var(--bg);
color:var(--text);font-family:'Inter Variable',system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;
font-size:16px;line-height:1.5}
main{width:100%;max-width:480px;background:var(--card);border:1px solid var(--border);
border-radius:16px;padding:32px;box-shadow:0 4px 16px rgb(0 0 0 / 8%)}
h1{margin:0 0 8px;font-size:1.5rem}
dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:8px 16px;margin:24px 0}
dt{color:var(--muted)}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
form{display:flex;flex-wrap:wrap;gap:12px}
button{font:inherit;font-weight:600;border-radius:8px;padding:10px 16px;cursor:pointer;
border:1px solid var(--primary);background:var(--primary);color:var(--on-primary)}
button[value=decline]{background:transparent;color:var(--danger);border-color:var(--danger)}
button:focus-visible,a:focus-visible{outline:3px solid var(--primary);outline-offset:2px}
a{color:var(--primary);font-weight:600}
`;

/** This page's own CSP: the API's (nothing loads, nothing frames it) plus its one style. */
const PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256')
  .update(STYLE)
  .digest('base64')}'; frame-ancestors 'none'`;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(lang: string, t: Texts, body: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${t.title} · Memoria sandbox</title><style>${STYLE}</style></head>
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
    c.header('Content-Security-Policy', PAGE_CSP);
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
    c.header('Content-Security-Policy', PAGE_CSP);
    return c.html(page(lang, t, summary(t, checkout, lang) + outcome(t, checkout)), 200);
  },
};
