import { Button, Dialog, Snackbar, TextArea, TextField } from '@memoria/ui';
import { type FormEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './pricing.css.ts';

const EMPTY = { name: '', email: '', phone: '', company: '', message: '' };
type Field = keyof typeof EMPTY;

export interface ContactSalesDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Contact Sales for the Enterprise plan: name, email, phone, company and message. Opened by
 * `ContactSalesIsland` on the public pricing page and by Contact sales in `InAppPricing`.
 *
 * **API calls:** none (the spec shows no call): Send Message shows a thank-you `Snackbar` (`ThankYou`),
 * clears the form and closes it. No field is validated.
 *
 * **Accessibility.** A modal `Dialog` with labelled fields; the thank-you is announced by its snackbar.
 */
export function ContactSalesDialog({ open, onClose }: ContactSalesDialogProps) {
  const intl = useIntl();
  const formId = useId();
  const [values, setValues] = useState(EMPTY);
  const [thanked, setThanked] = useState(false);
  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  const send = (event: FormEvent) => {
    event.preventDefault();
    setValues(EMPTY);
    setThanked(true);
    onClose();
  };
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
            <Button type="submit" form={formId}>
              <FormattedMessage id="pricing.contact.send" />
            </Button>
          </>
        }
      >
        <form id={formId} className={s.form} onSubmit={send} noValidate>
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
