import { useContactSales } from '@memoria/api';
import { Button, Dialog, Snackbar, TextArea, TextField } from '@memoria/ui';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useApiForm } from '../shared/useApiForm.ts';
import * as s from './pricing.css.ts';

const EMPTY = { name: '', email: '', phone: '', company: '', message: '' };
type Field = keyof typeof EMPTY;

export interface ContactSalesDialogProps {
  /** Shown when true. */
  open: boolean;
  /** Cancel, Escape, the close button, or after the message was sent. */
  onClose: () => void;
}

/**
 * Contact Sales (§2, §4): name, email, phone, company or institution and message, for the
 * Enterprise plans, which are not bought online. Opened by `ContactSalesIsland` on the public
 * pricing page and by Contact sales in `InAppPricing`.
 *
 * **Use it** wherever a visitor or learner asks for an Enterprise plan. **Don't use it** for
 * support questions or for buying Standard (`PurchaseConfirmation`, `BuyStandardButton`).
 *
 * **API calls and states.** The empty form (`Empty`). Send Message: `POST auth/contact-sales/`
 * (beyond the spec, issue 14: stored in the sales outbox); success clears the form, closes the
 * dialog and thanks in a snackbar (`ThankYou`). The server requires a name, a valid email and a
 * message: a 400 shows each message under its field (`FieldErrors`); any other failure shows the
 * error above the buttons with Retry, which sends the kept form again (`SendError`).
 *
 * **Accessibility.** A modal `Dialog` titled "Contact Sales" and described by its sentence: focus
 * starts in Name, Enter in a one-line field sends, Escape and Cancel close it, and focus returns to
 * the button that opened it. Every field has a real label and its error linked to it
 * (`aria-describedby`, `aria-invalid`); the phone and email fields bring the matching keyboards
 * (`type="tel"`, `type="email"`). A failure is `role="alert"`; the thank-you snackbar is
 * `role="status"`.
 */
export function ContactSalesDialog({ open, onClose }: ContactSalesDialogProps) {
  const intl = useIntl();
  const formId = useId();
  const [thanked, setThanked] = useState(false);
  const contact = useContactSales();
  const form = useApiForm({
    initial: EMPTY,
    fields: Object.keys(EMPTY),
    failedId: 'pricing.contact.failed',
    bannerBesideFields: false,
    submit: ({ phone, company, ...required }) =>
      contact.mutateAsync({
        ...required,
        ...(phone ? { phone } : {}),
        ...(company ? { company } : {}),
      }),
    onSuccess: () => {
      form.setValues(EMPTY);
      setThanked(true);
      onClose();
    },
  });
  const field = (name: Field) => form.bind(name);
  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        title={intl.formatMessage({ id: 'pricing.contact.title' })}
        description={intl.formatMessage({ id: 'pricing.contact.description' })}
        size="sm"
        actions={
          <>
            <Button variant="text" onClick={onClose}>
              <FormattedMessage id="pricing.contact.cancel" />
            </Button>
            <Button type="submit" form={formId} loading={form.pending}>
              <FormattedMessage id="pricing.contact.send" />
            </Button>
          </>
        }
      >
        <form id={formId} className={s.form} onSubmit={form.onSubmit} noValidate>
          <TextField
            label={intl.formatMessage({ id: 'pricing.contact.name' })}
            autoComplete="name"
            {...field('name')}
          />
          <TextField
            label={intl.formatMessage({ id: 'pricing.contact.email' })}
            type="email"
            autoComplete="email"
            {...field('email')}
          />
          <TextField
            label={intl.formatMessage({ id: 'pricing.contact.phone' })}
            type="tel"
            autoComplete="tel"
            {...field('phone')}
          />
          <TextField
            label={intl.formatMessage({ id: 'pricing.contact.company' })}
            autoComplete="organization"
            {...field('company')}
          />
          <TextArea
            label={intl.formatMessage({ id: 'pricing.contact.message' })}
            rows={4}
            {...field('message')}
          />
          {form.banner ? (
            <div role="alert" className={s.sendFailure}>
              <p className={s.error}>{form.banner}</p>
              <Button type="submit" variant="secondary" size="sm">
                <FormattedMessage id="pricing.retry" />
              </Button>
            </div>
          ) : null}
        </form>
      </Dialog>
      <Snackbar
        open={thanked}
        severity="success"
        message={intl.formatMessage({ id: 'pricing.contact.thanks' })}
        onClose={() => setThanked(false)}
      />
    </>
  );
}
