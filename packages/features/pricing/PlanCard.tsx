import { CheckIcon } from '@memoria/ui';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PlanId } from './plans.ts';
import * as s from './pricing.css.ts';

export interface PlanCardProps {
  plan: PlanId;
  /** How many `pricing.<plan>.featureN` lines the catalog has. */
  featureCount: number;
  highlighted?: boolean;
  /** This is the account's plan: marked, and its action is left out. */
  current?: boolean;
  action?: ReactNode;
}

/** One plan of the in-app pricing: name, price, billing, what it includes and one action. */
export function PlanCard({ plan, featureCount, highlighted, current, action }: PlanCardProps) {
  const intl = useIntl();
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
        <p className={plan === 'enterprise' ? `${s.price} ${s.priceText}` : s.price}>
          <FormattedMessage id={`pricing.${plan}.price`} />
        </p>
        <p className={s.billing}>
          {plan === 'standard' ? (
            <>
              <span className={s.unit}>
                <FormattedMessage id="pricing.perMonth" />
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
        {Array.from({ length: featureCount }, (_, i) => `pricing.${plan}.feature${i + 1}`).map(
          (id) => (
            <li key={id} className={s.feature}>
              <CheckIcon size={20} className={s.check} />
              <FormattedMessage id={id} />
            </li>
          ),
        )}
      </ul>
      {current ? null : action}
    </article>
  );
}
