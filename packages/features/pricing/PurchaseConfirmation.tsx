import { Button, Dialog, Snackbar } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { FIELD_ERROR_MESSAGES } from '../shared/errors.ts';
import * as s from './pricing.css.ts';
import type { PurchaseRefusal, PurchaseStatus } from './usePurchase.ts';

export interface PurchaseConfirmationProps {
  /** The confirmation dialog is open (it closes itself when `status` is `redirecting`). */
  open: boolean;
  /** Where the purchase stands: `idle`, `pending`, `error` or `redirecting`. */
  status: PurchaseStatus;
  /** A refusal that says more than the payment error (an active subscription already). */
  refusal?: PurchaseRefusal;
  /** Confirm: the caller creates the subscription. */
  onConfirm: () => void;
  /** Cancel, Escape, the close button or the backdrop (ignored while pending). */
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
 * The Standard purchase confirmation: the plan and its total, the three steps (confirm, pay at
 * Mercado Pago, come back), Confirm and Cancel; then, once the checkout has opened, a message that
 * the learner is being redirected. Shown by `InAppPricing` (Buy now) and by Renew in the profile's
 * subscription section (with `errorId` 'Error creating subscription'); the caller makes the call.
 *
 * **Use it** between a signed-in learner's Buy now or Renew and the payment provider's checkout.
 * **Don't use it** for a signed-out visitor (`BuyStandardButton` opens the sign-in dialog) or for
 * the Enterprise plans (`ContactSalesDialog`).
 *
 * **API calls and states.** None of its own: the caller's
 * `POST /auth/subscriptions/create_subscription/` sets `status`. Before Confirm (`Idle`); while the
 * subscription is created, Confirm busy and Cancel, Escape and the backdrop disabled (`Pending`); a
 * failure: 'Error processing payment. Please try again.' (or the caller's `errorId`, or the
 * refusal's own message, such as an active subscription already) inside the dialog, Confirm again
 * to retry (`PaymentError`); the checkout opened: the dialog closes and an info snackbar says so
 * (`Redirecting`).
 *
 * **Accessibility.** A modal `Dialog` titled "Confirm your purchase": focus starts on Cancel,
 * Escape and Cancel close it (not while pending), and focus returns to the button that opened it.
 * The summary is a description list and the steps an ordered list, under `h3` headings. Confirm is
 * busy (`aria-busy`, clicks blocked) while pending; the failure is `role="alert"` and the
 * redirecting snackbar `role="status"`, so both are announced.
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
