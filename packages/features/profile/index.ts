export { AccountSection } from './AccountSection.tsx';
export { ProfileIsland } from './islands.tsx';
export { MemoryModelSection } from './MemoryModelSection.tsx';
export { PaymentHistory } from './PaymentHistory.tsx';
export { Profile } from './Profile.tsx';
export { SubscriptionList } from './SubscriptionList.tsx';
export { SubscriptionSection, type SubscriptionSectionProps } from './SubscriptionSection.tsx';
