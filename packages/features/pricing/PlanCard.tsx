import { CheckIcon } from '@memoria/ui';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FEATURE_LINES, formatPlanPrice, type PlanId } from './plans.ts';
import * as s from './pricing.css.ts';

export interface PlanCardProps {
  plan: PlanId;
  /** From `GET auth/subscription-plans/`: null is a custom price. */
  price: number | null;
  currency: string;
  highlighted?: boolean;
  /** This is the account's plan: marked, and its action is left out. */
  current?: boolean;
  action?: ReactNode;
}

/**
 * One plan of the in-app pricing: name, price and currency (the API's), billing, what it includes
 * and one action. Name, billing and the feature lines are the catalog's, in the reader's language.
 */
export function PlanCard({ plan, price, currency, highlighted, current, action }: PlanCardProps) {
  const intl = useIntl();
  const written = formatPlanPrice(price);
  const headingId = `pricing-plan-${plan}`;
  const name = intl.formatMessage({ id: `pricing.${plan}.name` });
  return (
    <article
      className={[s.card, highlighted && s.highlighted, current && s.current]
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={headingId}
    >
      {current ? (
        <span className={`${s.tag} ${s.currentTag}`}>
          <FormattedMessage id="pricing.currentPlan" />
        </span>
      ) : highlighted ? (
        <span className={`${s.tag} ${s.popularTag}`}>
          <FormattedMessage id="pricing.popular" />
        </span>
      ) : null}
      <h2 id={headingId} className={s.name}>
        {name}
      </h2>
      <p className={s.description}>
        <FormattedMessage id={`pricing.${plan}.description`} />
      </p>
      <div>
        <p className={written === null ? `${s.price} ${s.priceText}` : s.price}>
          {written ?? <FormattedMessage id="pricing.customPrice" />}
        </p>
        <p className={s.billing}>
          {plan === 'standard' ? (
            <>
              <span className={s.unit}>
                <FormattedMessage id="pricing.perMonth" values={{ currency }} />
              </span>
              <span aria-hidden="true"> · </span>
            </>
          ) : null}
          <FormattedMessage id={`pricing.${plan}.billing`} />
        </p>
      </div>
      <ul
        className={s.features}
        aria-label={intl.formatMessage({ id: 'pricing.featuresOf' }, { plan: name })}
      >
        {Array.from(
          { length: FEATURE_LINES[plan] },
          (_, i) => `pricing.${plan}.feature${i + 1}`,
        ).map((id) => (
          <li key={id} className={s.feature}>
            <CheckIcon size={20} className={s.check} />
            <FormattedMessage id={id} />
          </li>
        ))}
      </ul>
      {current ? null : action}
    </article>
  );
}
