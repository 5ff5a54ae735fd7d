/**
 * The offline payment provider: a real local checkout, not a stand-in. It keeps its own records
 * (`sandbox_checkouts`, what Mercado Pago keeps on its side), serves a checkout page labelled as a
 * test payment (routes/subscriptions/sandbox.ts), and when the buyer decides it notifies the
 * product's webhook over HTTP exactly as Mercado Pago does: `x-signature` over
 * `id:…;request-id:…;ts:…;` with the webhook secret, the resource id in `data.id`, and nothing in
 * the body the webhook has to trust, but to this process itself (`Deliver`), never over the
 * network. Used whenever `MERCADOPAGO_ACCESS_TOKEN` is not set.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Sql } from '../../db/client.ts';
import { pgDateOrNull } from '../../db/queries/pg.ts';
import { type PaymentProvider, paymentStatusOf, type ResourceTopic } from './types.ts';

/**
 * Hands one request to the product's own app, in-process (startBackend passes its `fetch`). The
 * sandbox stands in for Mercado Pago on this very server, so its webhook never leaves the
 * process: an address stored with a checkout can name no other host (issue 38).
 */
export type Deliver = (request: Request) => Promise<Response>;

/** The origin of the in-process webhook requests; only their path and query are read. */
const SELF_ORIGIN = 'http://localhost';

export interface SandboxCheckout {
  id: string;
  reason: string;
  payerEmail: string;
  amount: number;
  currency: string;
  backUrl: string;
  status: 'pending' | 'authorized' | 'cancelled';
  paymentStatus: string | null;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  findCheckout(id: string): Promise<SandboxCheckout | null>;
  /**
   * Records the buyer's decision (null when already decided), then notifies the webhook: the
   * payment first, then the authorisation, the order Mercado Pago often uses and the harder one
   * for the receiver. Returns the webhook's answers.
   */
  decide(id: string, decision: 'approve' | 'decline'): Promise<{ statuses: number[] } | null>;
}

interface CheckoutRow {
  id: string;
  payment_id: string | null;
  external_reference: string;
  reason: string;
  payer_email: string;
  amount: string;
  currency: string;
  back_url: string;
  notification_url: string;
  status: 'pending' | 'authorized' | 'cancelled';
  payment_status: string | null;
  payment_status_detail: string | null;
  decided_at: string | null;
}

const SECRET_KEY = 'sandbox_webhook_secret';

/** A Sql that refuses every use: the sandbox keeps its records in the database it was not given. */
function missingDatabase(): Sql {
  const refuse = () => {
    throw new Error('The sandbox payment provider was created without a database');
  };
  return new Proxy(refuse, { get: refuse, apply: refuse }) as unknown as Sql;
}

/** Signs a notification as Mercado Pago documents it (ts in seconds). */
export function signNotification(
  secret: string,
  dataId: string,
  requestId: string,
  ts: number,
): string {
  const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
  return `ts=${ts},v1=${createHmac('sha256', secret).update(manifest).digest('hex')}`;
}

export function createSandboxProvider(options: { sql?: Sql; deliver?: Deliver }): SandboxProvider {
  const sql = options.sql ?? missingDatabase();
  const deliver: Deliver =
    options.deliver ??
    (() => Promise.reject(new Error('The sandbox payment provider was created without the app')));
  let secret: Promise<string> | undefined;

  const webhookSecret = () => {
    // Generated once per database, so every instance signs and verifies alike.
    secret ??= (async () => {
      await sql`insert into app_settings (key, value)
        values (${SECRET_KEY}, ${randomBytes(32).toString('base64url')})
        on conflict (key) do nothing`;
      const [row] = await sql<{ value: string }[]>`
        select value from app_settings where key = ${SECRET_KEY}`;
      if (!row) throw new Error('sandbox: no webhook secret in app_settings');
      return row.value;
    })().catch((error) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };

  const row = async (column: 'id' | 'payment_id', id: string) => {
    const [found] = await sql<CheckoutRow[]>`
      select * from sandbox_checkouts where ${sql(column)} = ${id}`;
    return found ?? null;
  };

  const notify = async (checkout: CheckoutRow, topic: ResourceTopic, dataId: string) => {
    // The stored URL's path only: the webhook is this process's own route.
    const url = new URL(new URL(checkout.notification_url).pathname, SELF_ORIGIN);
    url.searchParams.set('type', topic);
    url.searchParams.set('data.id', dataId);
    const requestId = randomUUID();
    const ts = Math.floor(Date.now() / 1000);
    const response = await deliver(
      new Request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-id': requestId,
          'x-signature': signNotification(await webhookSecret(), dataId, requestId, ts),
        },
        body: JSON.stringify({
          type: topic,
          action: topic === 'subscription_preapproval' ? 'updated' : 'created',
          data: { id: dataId },
        }),
      }),
    );
    await response.body?.cancel();
    return response.status;
  };

  return {
    name: 'sandbox',
    webhookSecret,
    async createCheckout(request) {
      const id = `sbx_${randomBytes(12).toString('hex')}`;
      await sql`insert into sandbox_checkouts
        (id, external_reference, reason, payer_email, amount, currency, back_url, notification_url)
        values (${id}, ${request.externalReference}, ${request.reason}, ${request.payerEmail},
                ${request.amount}, ${request.currency}, ${request.backUrl}, ${request.notificationUrl})`;
      const checkoutUrl = new URL(request.notificationUrl);
      checkoutUrl.search = '';
      checkoutUrl.pathname = checkoutUrl.pathname.replace(
        /auth\/subscriptions\/webhook\/$/,
        `auth/sandbox-checkout/${id}/`,
      );
      return { providerSubscriptionId: id, checkoutUrl: checkoutUrl.toString() };
    },
    async getAuthorization(id) {
      const found = await row('id', id);
      if (!found) return null;
      return {
        id: found.id,
        status: found.status,
        externalReference: found.external_reference,
        amount: Number(found.amount),
        currency: found.currency,
      };
    },
    async getPayment(id) {
      const found = await row('payment_id', id);
      if (!found?.payment_id) return null;
      return {
        id: found.payment_id,
        status: paymentStatusOf(found.payment_status),
        statusDetail: found.payment_status_detail,
        amount: Number(found.amount),
        currency: found.currency,
        externalReference: found.external_reference,
        authorizationId: found.id,
        paidAt: found.payment_status === 'approved' ? pgDateOrNull(found.decided_at) : null,
      };
    },
    async cancelAuthorization(id) {
      await sql`update sandbox_checkouts set status = 'cancelled' where id = ${id}`;
    },
    async findCheckout(id) {
      const found = await row('id', id);
      if (!found) return null;
      return {
        id: found.id,
        reason: found.reason,
        payerEmail: found.payer_email,
        amount: Number(found.amount),
        currency: found.currency,
        backUrl: found.back_url,
        status: found.status,
        paymentStatus: found.payment_status,
      };
    },
    async decide(id, decision) {
      const approved = decision === 'approve';
      const [decided] = await sql<CheckoutRow[]>`
        update sandbox_checkouts set
          status = ${approved ? 'authorized' : 'cancelled'},
          payment_id = ${`sbx_pay_${randomBytes(12).toString('hex')}`},
          payment_status = ${approved ? 'approved' : 'rejected'},
          payment_status_detail = ${approved ? 'accredited' : 'cc_rejected_other_reason'},
          decided_at = now()
        where id = ${id} and decided_at is null
        returning *`;
      if (!decided?.payment_id) return null;
      const statuses = [
        await notify(decided, 'subscription_authorized_payment', decided.payment_id),
        await notify(decided, 'subscription_preapproval', decided.id),
      ];
      return { statuses };
    },
  };
}
