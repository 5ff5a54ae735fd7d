export { CustomStudyBanner, type CustomStudyBannerProps } from './CustomStudyBanner.tsx';
export { CUSTOM_STUDY_KINDS, customStudyFromQuery, customStudyHref } from './customStudy.ts';
export { DeckReview, type DeckReviewProps } from './DeckReview.tsx';
export { describeInterval, formatInterval, intervalParts } from './intervals.ts';
export { DeckReviewIsland } from './islands.tsx';
export {
  enqueueReview,
  flushReviewQueue,
  REVIEW_QUEUE_KEY,
  readQueue,
  useFlushReviewQueue,
} from './offlineQueue.ts';
export { OFFLINE_BUDGET_BYTES, type OfflinePack, offlinePack } from './offlineStore.ts';
export { useKeepOfflineCards } from './useKeepOfflineCards.ts';
