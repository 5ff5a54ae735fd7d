import { WebhookSignatureValidator } from 'mercadopago';
import { describe, expect, it } from 'vitest';
import {
  authorizationFromPreapproval,
  createMercadoPagoProvider,
  paymentFromInvoice,
  paymentFromPayment,
} from './mercadopago.ts';
import { signNotification } from './sandbox.ts';

describe('Mercado Pago adapter', () => {
  it('reads a preapproval as the recurring authorisation', () => {
    expect(
      authorizationFromPreapproval({
        id: '2c938084726fca480172750000000000',
        status: 'authorized',
        external_reference: 'memoria-subscription:7:standard',
        auto_recurring: {
          transaction_amount: 6999,
          currency_id: 'ARS',
          api_response: { status: 200, headers: ['', []] },
        },
        api_response: { status: 200, headers: ['', []] },
      }),
    ).toEqual({
      id: '2c938084726fca480172750000000000',
      status: 'authorized',
      externalReference: 'memoria-subscription:7:standard',
      amount: 6999,
      currency: 'ARS',
    });
  });

  it('reads an authorized payment by its payment status, and a plain payment', () => {
    expect(
      paymentFromInvoice({
        id: '6114264375',
        status: 'processed',
        payment: { id: '1', status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' },
        preapproval_id: 'pre-1',
        transaction_amount: 6999,
        currency_id: 'ARS',
        external_reference: 'memoria-subscription:7:standard',
        debit_date: '2026-11-23T10:00:00.000-03:00',
      }),
    ).toMatchObject({
      id: 'authorized_payment:6114264375',
      status: 'rejected',
      statusDetail: 'cc_rejected_insufficient_amount',
      authorizationId: 'pre-1',
      paidAt: new Date('2026-11-23T13:00:00.000Z'),
    });
    expect(
      paymentFromPayment({
        id: 123,
        status: 'approved',
        transaction_amount: 6999,
        currency_id: 'ARS',
        external_reference: 'memoria-subscription:7:standard',
        date_approved: '2026-11-23T13:00:00.000Z',
        api_response: { status: 200, headers: ['', []] },
      }),
    ).toMatchObject({ id: 'payment:123', status: 'approved', amount: 6999, authorizationId: null });
  });

  it('is chosen with its webhook secret, which it reports for verification', async () => {
    const provider = createMercadoPagoProvider({ accessToken: 'TEST-1', webhookSecret: 's3cret' });
    expect(provider.name).toBe('mercadopago');
    expect(await provider.webhookSecret()).toBe('s3cret');
  });

  it("signs sandbox notifications exactly as the SDK's validator expects", () => {
    const ts = Math.floor(Date.now() / 1000);
    const xSignature = signNotification('secret', 'sbx_pay_ab12', 'req-9', ts);
    const check = (secret: string, dataId: string) =>
      WebhookSignatureValidator.validate({
        xSignature,
        xRequestId: 'req-9',
        dataId,
        secret,
        toleranceSeconds: 300,
      });
    expect(() => check('secret', 'sbx_pay_ab12')).not.toThrow();
    expect(() => check('other', 'sbx_pay_ab12')).toThrow('SignatureMismatch');
    expect(() => check('secret', 'sbx_pay_zz99')).toThrow('SignatureMismatch');
  });
});
