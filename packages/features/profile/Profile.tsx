import { FormattedMessage } from 'react-intl';
import { InvitationSections } from '../invitations/index.ts';
import { AssignedGroups } from '../school-wizard/index.ts';
import * as page from '../shared/page.css.ts';
import { AccountSection } from './AccountSection.tsx';
import { MemoryModelSection } from './MemoryModelSection.tsx';
import { SubscriptionList } from './SubscriptionList.tsx';
import { SubscriptionSection, type SubscriptionSectionProps } from './SubscriptionSection.tsx';

/**
 * `/profile`: a column of independent sections (each loads, fails and retries on its own), so
 * that later settings add a section rather than change these.
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
      {/* Enterprise and Enterprise+ accounts: invitations, students, teachers (issue 17). */}
      <InvitationSections />
      {/* Schools: the courses and subjects assigned to the user. */}
      <AssignedGroups />
    </div>
  );
}
