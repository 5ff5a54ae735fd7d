export { EVENTS_CHANNEL, type EventSignal, notify } from './notify.ts';
export {
  deleteNotification,
  listNotifications,
  markNotificationsSeen,
  newestNotificationId,
  notificationsAfter,
} from './store.ts';
