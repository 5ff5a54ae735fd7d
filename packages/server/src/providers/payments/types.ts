import type {
  ProviderAuthorizationStatus,
  ProviderPaymentStatus,
} from '../../domain/subscriptions/subscriptions.ts';

export type PaymentProviderName = 'mercadopago' | 'sandbox';

/** What the product asks a provider for when a plan is bought. */
export interface CheckoutRequest {
  externalReference: string;
  /** Shown to the buyer ("Memoria Standard"). */
  reason: string;
  payerEmail: string;
  amount: number;
  currency: string;
  /** Where the buyer returns to in the product. */
  backUrl: string;
  /** The product's webhook, absolute. */
  notificationUrl: string;
}

export interface Checkout {
  /** The recurring authorisation's id at the provider (a preapproval id). */
  providerSubscriptionId: string;
  /** Where the buyer pays; null when the provider gave none. */
  checkoutUrl: string | null;
}

/** The recurring authorisation as the provider reports it when read back. */
export interface ProviderAuthorization {
  id: string;
  status: ProviderAuthorizationStatus;
  externalReference: string | null;
  amount: number | null;
  currency: string | null;
}

/** One payment (a charge of the recurring authorisation) as the provider reports it. */
export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  statusDetail: string | null;
  amount: number | null;
  currency: string | null;
  externalReference: string | null;
  /** The recurring authorisation it charges, when the provider says. */
  authorizationId: string | null;
  paidAt: Date | null;
}

/** Which resource a webhook names: Mercado Pago's notification topics. */
export type ResourceTopic =
  | 'subscription_preapproval'
  | 'subscription_authorized_payment'
  | 'payment';

/**
 * A payment provider: Mercado Pago (`mercadopago.ts`) or the offline sandbox (`sandbox.ts`). The
 * webhook trusts nothing from a notification's body: it reads the named resource back from here.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Null when the provider does not know the id. */
  getAuthorization(id: string): Promise<ProviderAuthorization | null>;
  getPayment(
    id: string,
    topic: 'subscription_authorized_payment' | 'payment',
  ): Promise<ProviderPayment | null>;
  /** Stops future charges of a recurring authorisation (the user cancelled). */
  cancelAuthorization(id: string): Promise<void>;
  /** The secret webhooks are signed with (`x-signature`). */
  webhookSecret(): Promise<string>;
}

/** Maps a provider's payment status to ours; unknown ones are pending (nothing happens). */
export function paymentStatusOf(status: string | null | undefined): ProviderPaymentStatus {
  switch (status) {
    case 'approved':
    case 'authorized':
      return 'approved';
    case 'rejected':
      return 'rejected';
    case 'refunded':
    case 'charged_back':
      return 'refunded';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'pending';
  }
}

export function authorizationStatusOf(
  status: string | null | undefined,
): ProviderAuthorizationStatus {
  switch (status) {
    case 'authorized':
    case 'paused':
    case 'cancelled':
      return status;
    default:
      return 'pending';
  }
}
