/**
 * The `x-signature` check of payment notifications, as Mercado Pago signs them (the sandbox signs
 * the same way, sandbox.ts `signNotification`). Here so that only providers/ imports the SDK.
 */
import { InvalidWebhookSignatureError, WebhookSignatureValidator } from 'mercadopago';

export interface SignedNotification {
  xSignature: string | undefined;
  xRequestId: string | undefined;
  /** The notified resource's id, lower case (Mercado Pago signs alphanumeric ids so). */
  dataId: string;
  secret: string;
  /** How old the signature's `ts` may be before it is refused as a replay. */
  toleranceSeconds: number;
}

/** Throws when the signature is missing, wrong or older than the tolerance. */
export function verifyWebhookSignature(notification: SignedNotification): void {
  WebhookSignatureValidator.validate(notification);
}

/** Why a check failed, for the log: the SDK's reason for a bad signature, else the message. */
export function signatureFailureReason(error: unknown): string {
  return error instanceof InvalidWebhookSignatureError ? error.reason : (error as Error).message;
}
