import { FormattedMessage } from 'react-intl';
import { InvitationSections } from '../invitations/index.ts';
import { AssignedGroups } from '../school-wizard/index.ts';
import * as page from '../shared/page.css.ts';
import { AccountSection } from './AccountSection.tsx';
import { MemoryModelSection } from './MemoryModelSection.tsx';
import { OfflineCardsSection } from './OfflineCardsSection.tsx';
import { PushSection } from './PushSection.tsx';
import { ReviewSoundSection } from './ReviewSoundSection.tsx';
import { SubscriptionList } from './SubscriptionList.tsx';
import { SubscriptionSection, type SubscriptionSectionProps } from './SubscriptionSection.tsx';

/**
 * The `/profile` page, mounted by `ProfileIsland`: a column of independent sections, each loading,
 * failing and retrying on its own: the account details the learner edits, the plan and
 * subscription, the subscriptions and their payments (`SubscriptionList`), the memory model
 * (`MemoryModelSection`), the review sounds (`ReviewSoundSection`, kept in this browser), the
 * cards kept for offline review against their size budget (`OfflineCardsSection`), push
 * notifications of duel and friend requests (`PushSection`, where available), for
 * Enterprise accounts the invitations and people (`InvitationSections`), and the courses and
 * subjects the learner is in (`AssignedGroups`).
 *
 * **Use it** for the signed-in learner's own account page. **Don't use it** for the progress
 * figures (`MyProgress`) or to choose a plan (`InAppPricing`).
 *
 * **API calls and states.** Signed out or before the session, the sections show their skeletons
 * (`Loading`).
 * - Account details: `GET auth/users/me/` (the email, read-only, and the username, first and last
 *   name); Save sends `PATCH auth/users/{id}/`, its field errors under their fields, success in a
 *   snackbar; a failed read: the account error with Retry.
 * - Subscription: `GET auth/subscriptions/get_subscription_status/`: the plan, status, next billing
 *   and access-until dates (`Default`); no subscription: Free and a link to the plans (`Free`);
 *   cancelled, access until its end date and Renew (`Cancelled`); a declined payment: why the
 *   account stayed free and Renew (`PaymentDeclined`); a checkout left unpaid: Waiting for payment
 *   and a link to continue it (`PendingPayment`); cancelled and past its end date: Expired and
 *   Renew (`Expired`); back from the provider's checkout (`/profile?checkout=done`) with the
 *   subscription active, the payment is confirmed once (`PaymentSuccess`); a failed read: the
 *   subscription error with Retry while the rest still loads (`LoadError`).
 * - Cancel (active subscription) asks first (`CancelConfirm`), then
 *   `POST auth/subscriptions/{id}/cancel_subscription/`; access stays until the end date, said in a
 *   snackbar (`CancelSuccess`); a failure says 'Error cancelling subscription' (`CancelError`).
 *   Renew opens the `PurchaseConfirmation` and sends
 *   `POST auth/subscriptions/create_subscription/`, whose failure says 'Error creating
 *   subscription' (`RenewError`).
 * - The other sections make their own calls (see their pages). The events stream refreshes the plan
 *   and the subscriptions when a subscription changes.
 *
 * **Accessibility.** "Profile" is the page's `h1` and each section an `h2`-headed `section`. The
 * account form is a native form (Enter saves) with real labels and errors linked to their fields.
 * The subscription's figures are a description list; a declined payment's reason is `role="status"`
 * and failures `role="alert"`. Cancel's confirmation is a modal dialog whose focus starts on Keep
 * subscription; it and the purchase confirmation return focus to the button that opened them. Saves
 * and cancels are confirmed by snackbars (`role="status"`).
 */
export function Profile({ openUrl, fromCheckout }: SubscriptionSectionProps) {
  return (
    <div className={page.page}>
      <header>
        <h1 className={page.pageTitle}>
          <FormattedMessage id="profile.title" />
        </h1>
        <p className={page.pageSubtitle}>
          <FormattedMessage id="profile.subtitle" />
        </p>
      </header>
      <AccountSection />
      <SubscriptionSection openUrl={openUrl} fromCheckout={fromCheckout} />
      <SubscriptionList />
      <MemoryModelSection />
      <ReviewSoundSection />
      <OfflineCardsSection />
      <PushSection />
      {/* Enterprise and Enterprise+ accounts: invitations, students, teachers (issue 17). */}
      <InvitationSections />
      {/* Schools: the courses and subjects assigned to the user. */}
      <AssignedGroups />
    </div>
  );
}
