export { ComingSoon, GATE_EXIT_PATH, GatedPage, type GatedPageProps } from './GatedPage.tsx';
export { GatedPageIsland } from './islands.tsx';
export {
  GATE_TITLES,
  type GateTitle,
  PRICING_PATH,
  PremiumModal,
  type PremiumModalProps,
} from './PremiumModal.tsx';
export { type FeatureAccess, useFeatureAccess, useIsFreePlan } from './useFeatureAccess.ts';
