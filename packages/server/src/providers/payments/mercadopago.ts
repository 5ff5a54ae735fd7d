/**
 * Mercado Pago through its official SDK (`mercadopago`): Standard is a monthly preapproval (a
 * recurring subscription), its `init_point` the checkout URL; notifications name a preapproval
 * (`subscription_preapproval`), one of its charges (`subscription_authorized_payment`, read with
 * the SDK's `Invoice` client, `/authorized_payments`) or a payment (`payment`).
 */
import { Invoice, MercadoPagoConfig, Payment, PreApproval } from 'mercadopago';
import type { InvoiceResponse } from 'mercadopago/dist/clients/invoice/commonTypes';
import type { PaymentResponse } from 'mercadopago/dist/clients/payment/commonTypes';
import type { PreApprovalResponse } from 'mercadopago/dist/clients/preApproval/commonTypes';
import {
  authorizationStatusOf,
  type PaymentProvider,
  type ProviderAuthorization,
  type ProviderPayment,
  paymentStatusOf,
} from './types.ts';

export interface MercadoPagoOptions {
  accessToken: string;
  /** `MERCADOPAGO_WEBHOOK_SECRET`: the "secret signature" of the application's webhooks. */
  webhookSecret: string;
  timeoutMs?: number;
}

const dateOrNull = (value: string | undefined | null) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

export function authorizationFromPreapproval(p: PreApprovalResponse): ProviderAuthorization | null {
  if (!p.id) return null;
  return {
    id: String(p.id),
    status: authorizationStatusOf(p.status),
    externalReference: p.external_reference ?? null,
    amount: p.auto_recurring?.transaction_amount ?? null,
    currency: p.auto_recurring?.currency_id ?? null,
  };
}

/** An authorized payment (one charge of a preapproval): its payment's status decides. */
export function paymentFromInvoice(i: InvoiceResponse): ProviderPayment | null {
  if (!i.id) return null;
  return {
    id: `authorized_payment:${i.id}`,
    status: paymentStatusOf(i.payment?.status),
    statusDetail: i.payment?.status_detail ?? null,
    amount: i.transaction_amount ?? null,
    currency: i.currency_id ?? null,
    externalReference: i.external_reference ?? null,
    authorizationId: i.preapproval_id ?? null,
    paidAt: dateOrNull(i.debit_date ?? i.date_created),
  };
}

export function paymentFromPayment(p: PaymentResponse): ProviderPayment | null {
  if (p.id === undefined || p.id === null) return null;
  return {
    id: `payment:${p.id}`,
    status: paymentStatusOf(p.status),
    statusDetail: p.status_detail ?? null,
    amount: p.transaction_amount ?? null,
    currency: p.currency_id ?? null,
    externalReference: p.external_reference ?? null,
    authorizationId: null,
    paidAt: dateOrNull(p.date_approved),
  };
}

/** A 404 from Mercado Pago means the id is not theirs; anything else is thrown. */
function notFound(error: unknown): boolean {
  const e = error as { status?: number; api_response?: { status?: number } };
  return e?.status === 404 || e?.api_response?.status === 404;
}

export function createMercadoPagoProvider(options: MercadoPagoOptions): PaymentProvider {
  const config = new MercadoPagoConfig({
    accessToken: options.accessToken,
    options: { timeout: options.timeoutMs ?? 10_000 },
  });
  const preapprovals = new PreApproval(config);
  const invoices = new Invoice(config);
  const payments = new Payment(config);
  const orNull = async <T>(read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  };
  return {
    name: 'mercadopago',
    async createCheckout(request) {
      const created = await preapprovals.create({
        body: {
          reason: request.reason,
          external_reference: request.externalReference,
          payer_email: request.payerEmail,
          back_url: request.backUrl,
          status: 'pending',
          auto_recurring: {
            frequency: 1,
            frequency_type: 'months',
            transaction_amount: request.amount,
            currency_id: request.currency,
          },
        },
        requestOptions: { idempotencyKey: request.externalReference },
      });
      if (!created.id) throw new Error('Mercado Pago created a preapproval without an id');
      return {
        providerSubscriptionId: String(created.id),
        checkoutUrl: created.init_point ?? null,
      };
    },
    async getAuthorization(id) {
      const found = await orNull(() => preapprovals.get({ id }));
      return found ? authorizationFromPreapproval(found) : null;
    },
    async getPayment(id, topic) {
      if (topic === 'subscription_authorized_payment') {
        const found = await orNull(() => invoices.get({ id }));
        return found ? paymentFromInvoice(found) : null;
      }
      const found = await orNull(() => payments.get({ id }));
      return found ? paymentFromPayment(found) : null;
    },
    async cancelAuthorization(id) {
      await preapprovals.update({ id, body: { status: 'cancelled' } });
    },
    webhookSecret: async () => options.webhookSecret,
  };
}
