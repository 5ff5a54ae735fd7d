import { Button, Dialog, Snackbar } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { FIELD_ERROR_MESSAGES } from '../shared/errors.ts';
import * as s from './pricing.css.ts';
import type { PurchaseRefusal, PurchaseStatus } from './usePurchase.ts';

export interface PurchaseConfirmationProps {
  /** The confirmation dialog is open (it closes itself when `status` is `redirecting`). */
  open: boolean;
  status: PurchaseStatus;
  /** A refusal that says more than the payment error (an active subscription already). */
  refusal?: PurchaseRefusal;
  onConfirm: () => void;
  onCancel: () => void;
  /** The redirecting message hid (auto-hide or ×). */
  onMessageClose?: () => void;
  /**
   * The message of a failed call: the purchase's 'Error processing payment' by default; the
   * profile's Renew says 'Error creating subscription' (§8).
   */
  errorId?: string;
}

/**
 * The Standard purchase confirmation: plan and total, the three steps (confirm, pay at Mercado
 * Pago, come back), Confirm and Cancel. Shown by `InAppPricing`, which makes the call.
 *
 * **States:** `Idle`; `Pending` while the subscription is created; `PaymentError` with the message
 * inside the dialog; `Redirecting` once the checkout has opened.
 *
 * **Accessibility.** A modal `Dialog`; Confirm is busy (`aria-busy`, clicks blocked) while pending.
 */
export function PurchaseConfirmation({
  open,
  status,
  refusal = null,
  onConfirm,
  onCancel,
  onMessageClose,
  errorId = 'pricing.purchase.error',
}: PurchaseConfirmationProps) {
  const intl = useIntl();
  const pending = status === 'pending';
  return (
    <>
      <Dialog
        open={open && status !== 'redirecting'}
        onClose={() => {
          if (!pending) onCancel();
        }}
        title={intl.formatMessage({ id: 'pricing.purchase.title' })}
        size="sm"
        closeOnBackdrop={!pending}
        actions={
          <>
            <Button variant="text" onClick={onCancel} disabled={pending}>
              <FormattedMessage id="pricing.purchase.cancel" />
            </Button>
            <Button onClick={onConfirm} loading={pending}>
              <FormattedMessage id="pricing.purchase.confirm" />
            </Button>
          </>
        }
      >
        <h3 className={s.sectionTitle} style={{ marginTop: 0 }}>
          <FormattedMessage id="pricing.purchase.summary" />
        </h3>
        <dl className={s.summary}>
          <dt className={s.summaryTerm}>
            <FormattedMessage id="pricing.purchase.plan" />
          </dt>
          <dd className={s.summaryValue}>
            <FormattedMessage id="pricing.standard.name" />
          </dd>
          <dt className={s.summaryTerm}>
            <FormattedMessage id="pricing.purchase.total" />
          </dt>
          <dd className={s.summaryValue}>
            <FormattedMessage id="pricing.purchase.totalValue" />
          </dd>
        </dl>
        <p className={s.note}>
          <FormattedMessage id="pricing.purchase.billing" />
        </p>
        <h3 className={s.sectionTitle}>
          <FormattedMessage id="pricing.purchase.steps" />
        </h3>
        <ol className={s.steps}>
          <li>
            <FormattedMessage id="pricing.purchase.step1" />
          </li>
          <li>
            <FormattedMessage id="pricing.purchase.step2" />
          </li>
          <li>
            <FormattedMessage id="pricing.purchase.step3" />
          </li>
        </ol>
        {status === 'error' ? (
          <p role="alert" className={s.error}>
            <FormattedMessage id={refusal ? FIELD_ERROR_MESSAGES[refusal] : errorId} />
          </p>
        ) : null}
      </Dialog>
      <Snackbar
        open={status === 'redirecting'}
        severity="info"
        message={intl.formatMessage({ id: 'pricing.purchase.redirecting' })}
        onClose={() => onMessageClose?.()}
      />
    </>
  );
}
