import { useAccountInfo, useSubscriptionPlans } from '@memoria/api';
import { Button, Skeleton } from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import * as page from '../shared/page.css.ts';
import { ContactSalesDialog } from './ContactSalesDialog.tsx';
import { PlanCard } from './PlanCard.tsx';
import { PurchaseConfirmation } from './PurchaseConfirmation.tsx';
import { isIncludedIn, type PlanId, planOfAccount, pricingCards } from './plans.ts';
import * as s from './pricing.css.ts';
import { useStandardPurchase } from './usePurchase.ts';

export interface InAppPricingProps {
  /** Where Confirm opens the checkout (tests and stories); a new tab by default. */
  openUrl?: (url: string) => void;
}

/**
 * `/pricing` for a signed-in learner, mounted by `InAppPricingIsland`: the plans (Free, Standard,
 * Enterprise) with their prices from the API and the account's own plan marked. Buy now on Standard
 * opens the `PurchaseConfirmation`; Contact sales on Enterprise opens the `ContactSalesDialog`.
 *
 * **Use it** for the signed-in pricing page only. **Don't use it** for the signed-out page (static,
 * with `BuyStandardButton` and `ContactSalesIsland`) or to manage a subscription already bought
 * (`Profile`).
 *
 * **API calls and states.**
 * - `GET /auth/subscription-plans/`: the cards, their prices and which one is bought here
 *   (`is_purchasable`, highlighted as popular); three skeleton cards while loading; 'Error fetching
 *   plans' with Retry when it fails (`PlansError`).
 * - `GET /auth/users/account_info/`: the current plan is marked "Current plan" and its action left
 *   out (`FreeUser`, `StandardUser`); a plan it already includes says "Included in your plan"
 *   instead of Buy now (`EnterpriseUser`).
 * - Buy now opens the confirmation; Confirm sends `POST /auth/subscriptions/create_subscription/`:
 *   success opens the checkout in a new tab and shows the redirecting message (`Confirmation`); a
 *   failure shows the payment error inside the confirmation (`PaymentError`).
 * - Contact sales opens the `ContactSalesDialog` (`ContactSales`).
 *
 * **Accessibility.** "Plans and pricing" is the page's `h1`; the plans are a list named "Plans"
 * (`aria-busy` while loading), each card an `article` labelled by its `h2` (the plan's name) with
 * its features as a named list. Buy now and Contact sales are buttons with
 * `aria-haspopup="dialog"`; both dialogs are modal and return focus to them. A failed read is
 * `role="alert"` with Retry.
 */
export function InAppPricing({ openUrl }: InAppPricingProps) {
  const intl = useIntl();
  // The sidebar's island reads account info too; if its answer is in the shared cache before this
  // island hydrates, the hydrating render must still match the server's (no plan marked).
  const info = useAccountInfo();
  const plans = useSubscriptionPlans();
  const currentPlan = planOfAccount(info.data?.account_type);
  const purchase = useStandardPurchase(openUrl);
  const [contactOpen, setContactOpen] = useState(false);

  const actionOf = (plan: PlanId, purchasable: boolean) => {
    // A plan the account's own already includes is not sold to it (the server answers 409).
    if (isIncludedIn(plan, currentPlan)) {
      return (
        <p className={s.included}>
          <FormattedMessage id="pricing.includedInPlan" />
        </p>
      );
    }
    if (purchasable) {
      return (
        <Button fullWidth aria-haspopup="dialog" onClick={purchase.start}>
          <FormattedMessage id="pricing.buyNow" />
        </Button>
      );
    }
    if (plan === 'enterprise') {
      return (
        <Button
          fullWidth
          variant="secondary"
          aria-haspopup="dialog"
          onClick={() => setContactOpen(true)}
        >
          <FormattedMessage id="pricing.contactSales" />
        </Button>
      );
    }
    return null;
  };

  return (
    <div className={page.page}>
      <header>
        <h1 className={page.pageTitle}>
          <FormattedMessage id="pricing.app.title" />
        </h1>
        <p className={page.pageSubtitle}>
          <FormattedMessage id="pricing.app.subtitle" />
        </p>
      </header>
      {plans.isError ? (
        <LoadFailure
          messageId="pricing.plansFailed"
          retryId="pricing.retry"
          onRetry={() => plans.refetch()}
        />
      ) : (
        <ul
          className={s.grid}
          aria-label={intl.formatMessage({ id: 'pricing.plans' })}
          aria-busy={plans.isPending}
        >
          {plans.isPending
            ? [1, 2, 3].map((n) => (
                <li key={n}>
                  <Skeleton variant="rect" height={420} />
                </li>
              ))
            : pricingCards(plans.data).map((plan) => (
                <li key={plan.name}>
                  <PlanCard
                    plan={plan.name}
                    price={plan.price}
                    currency={plan.currency}
                    highlighted={plan.is_purchasable && !isIncludedIn(plan.name, currentPlan)}
                    current={currentPlan === plan.name}
                    action={actionOf(plan.name, plan.is_purchasable)}
                  />
                </li>
              ))}
        </ul>
      )}
      <PurchaseConfirmation
        open={purchase.open}
        status={purchase.status}
        refusal={purchase.refusal}
        onConfirm={purchase.confirm}
        onCancel={purchase.cancel}
        onMessageClose={purchase.dismissMessage}
      />
      <ContactSalesDialog open={contactOpen} onClose={() => setContactOpen(false)} />
    </div>
  );
}
