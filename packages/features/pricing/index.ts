export { BuyStandardButton, type BuyStandardButtonProps } from './BuyStandardButton.tsx';
export { ContactSalesDialog, type ContactSalesDialogProps } from './ContactSalesDialog.tsx';
export { InAppPricing, type InAppPricingProps } from './InAppPricing.tsx';
export { BuyStandardIsland, ContactSalesIsland, InAppPricingIsland } from './islands.tsx';
export { PlanCard, type PlanCardProps } from './PlanCard.tsx';
export {
  PurchaseConfirmation,
  type PurchaseConfirmationProps,
} from './PurchaseConfirmation.tsx';
export {
  FEATURE_LINES,
  formatPlanPrice,
  type PlanId,
  planOfAccount,
  pricingCards,
} from './plans.ts';
export {
  openInNewTab,
  type PurchaseRefusal,
  type PurchaseStatus,
  useStandardPurchase,
} from './usePurchase.ts';
