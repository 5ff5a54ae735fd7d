/**
 * The emails a subscription's changes send (issue 14), in the buyer's language: the purchase
 * confirmation the spec asks for ("Payment success: check your email"), each monthly renewal, a
 * declined payment or cancelled checkout, and the user's cancel. Pure: which change sends which
 * email, and its text.
 */
import type { Language } from '../language.ts';
import type { SubscriptionState } from './subscriptions.ts';

export type SubscriptionMailKind =
  | 'subscription_activated'
  | 'subscription_renewed'
  | 'subscription_failed'
  | 'subscription_cancelled';

/** Which email a change of state sends, if any. */
export function subscriptionMailKind(
  before: SubscriptionState,
  after: SubscriptionState,
): SubscriptionMailKind | null {
  if (after.status === 'active' && before.status !== 'active') return 'subscription_activated';
  if (
    after.status === 'active' &&
    before.status === 'active' &&
    (after.endDate?.getTime() ?? 0) > (before.endDate?.getTime() ?? 0)
  ) {
    return 'subscription_renewed';
  }
  if (after.status === 'failed' && before.status !== 'failed') return 'subscription_failed';
  if (after.status === 'cancelled' && before.status !== 'cancelled') {
    return 'subscription_cancelled';
  }
  return null;
}

export interface SubscriptionMailFacts {
  /** How to greet the buyer: their first name, else their username. */
  name: string;
  planName: string;
  amount: number;
  currency: string;
  endDate: Date | null;
  failureReason: SubscriptionState['failureReason'];
  /** The product's public address, for links. */
  origin: string;
  /** The buyer's time zone, for dates. */
  timeZone: string;
}

const PLAN_NAMES: Record<string, string> = {
  free: 'Free',
  standard: 'Standard',
  enterprise: 'Enterprise',
  enterprise_plus: 'Enterprise+',
};

function formats(language: Language, facts: SubscriptionMailFacts) {
  const locale = language === 'es' ? 'es-AR' : 'en-US';
  const amount = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: facts.currency,
    currencyDisplay: 'code',
  }).format(facts.amount);
  let date = '—';
  if (facts.endDate) {
    const format = (timeZone: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(
        facts.endDate as Date,
      );
    try {
      date = format(facts.timeZone);
    } catch {
      date = format('UTC'); // a zone Node does not know (the database's list is wider)
    }
  }
  const plan = PLAN_NAMES[facts.planName] ?? facts.planName;
  return { amount, date, plan };
}

/** Subject and text of one email, in `language`. */
export function subscriptionMail(
  kind: SubscriptionMailKind,
  language: Language,
  facts: SubscriptionMailFacts,
): { subject: string; body: string } {
  const { amount, date, plan } = formats(language, facts);
  const profile = `${facts.origin}/profile`;
  const pricing = `${facts.origin}/pricing`;
  if (language === 'es') {
    const hello = `Hola, ${facts.name}:`;
    const bye = 'Gracias por aprender con Memoria.';
    switch (kind) {
      case 'subscription_activated':
        return {
          subject: `Tu suscripción ${plan} de Memoria está activa`,
          body: `${hello}\n\nRecibimos tu pago de ${amount}. Tu plan ${plan} está activo: tienes acceso a todas las funciones premium hasta el ${date}, y la suscripción se renueva cada mes.\n\nEn tu perfil puedes ver tus pagos o cancelar la suscripción: ${profile}\n\n${bye}\n`,
        };
      case 'subscription_renewed':
        return {
          subject: `Tu suscripción ${plan} de Memoria se renovó`,
          body: `${hello}\n\nRecibimos tu pago mensual de ${amount}. Tu plan ${plan} sigue activo hasta el ${date}.\n\nEn tu perfil puedes ver tus pagos o cancelar la suscripción: ${profile}\n\n${bye}\n`,
        };
      case 'subscription_failed':
        return {
          subject: `Tu pago del plan ${plan} de Memoria no se completó`,
          body: `${hello}\n\n${
            facts.failureReason === 'checkout_cancelled'
              ? `El pago de ${amount} se canceló antes de completarse.`
              : `El proveedor de pagos rechazó el pago de ${amount}.`
          } Tu cuenta sigue en el plan gratuito y no se te cobró nada.\n\nPuedes intentarlo de nuevo desde la página de precios: ${pricing}\n\n${bye}\n`,
        };
      case 'subscription_cancelled':
        return {
          subject: `Cancelaste tu suscripción ${plan} de Memoria`,
          body: `${hello}\n\nTu suscripción se canceló y no se volverá a cobrar. Conservas el plan ${plan} hasta el ${date}; después tu cuenta pasa a ser gratuita.\n\nPuedes renovarla cuando quieras desde tu perfil: ${profile}\n\n${bye}\n`,
        };
    }
  }
  const hello = `Hello ${facts.name},`;
  const bye = 'Thank you for learning with Memoria.';
  switch (kind) {
    case 'subscription_activated':
      return {
        subject: `Your Memoria ${plan} subscription is active`,
        body: `${hello}\n\nWe received your payment of ${amount}. Your ${plan} plan is active: every premium feature is yours until ${date}, and the subscription renews every month.\n\nSee your payments or cancel on your profile: ${profile}\n\n${bye}\n`,
      };
    case 'subscription_renewed':
      return {
        subject: `Your Memoria ${plan} subscription was renewed`,
        body: `${hello}\n\nWe received your monthly payment of ${amount}. Your ${plan} plan now lasts until ${date}.\n\nSee your payments or cancel on your profile: ${profile}\n\n${bye}\n`,
      };
    case 'subscription_failed':
      return {
        subject: `Your payment for Memoria ${plan} did not go through`,
        body: `${hello}\n\n${
          facts.failureReason === 'checkout_cancelled'
            ? `The payment of ${amount} was cancelled before it was completed.`
            : `The payment provider declined the payment of ${amount}.`
        } Your account stays on the free plan and nothing was charged.\n\nYou can try again from the pricing page: ${pricing}\n\n${bye}\n`,
      };
    case 'subscription_cancelled':
      return {
        subject: `Your Memoria ${plan} subscription was cancelled`,
        body: `${hello}\n\nYour subscription was cancelled and will not be billed again. You keep the ${plan} plan until ${date}; after that your account is free.\n\nYou can renew it from your profile at any time: ${profile}\n\n${bye}\n`,
      };
  }
}
