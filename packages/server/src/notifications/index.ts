export { sendLiveSignal, sendLiveSignals } from './live.ts';
export {
  EVENTS_CHANNEL,
  type EventSignal,
  type LiveSignal,
  type NotificationKind,
  type NotificationPayload,
  notify,
} from './notify.ts';
export {
  deleteNotification,
  listNotifications,
  markNotificationsSeen,
  newestNotificationId,
  notificationsAfter,
} from './store.ts';
