/**
 * An island that works offline (the review, the deck list): marks the page so that a network
 * failure while offline shows the offline state instead of the login redirect, and, while online,
 * sends the waiting ratings and then keeps the learner's next days of cards (offlineStore.ts).
 * The server's answer to each rating sent is kept: where it differs from the browser's, it wins.
 */
import { $offline, getUserEmail, isSignedIn, markOfflineCapable } from '@memoria/api';
import { useStore } from '@nanostores/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { flushReviewQueue, onReviewSynced, readQueue } from './offlineQueue.ts';
import { keepServerCard, refreshOfflineCards } from './offlineStore.ts';

export function useKeepOfflineCards(): void {
  const client = useQueryClient();
  const offline = useStore($offline);
  useEffect(() => markOfflineCapable(), []);
  useEffect(() => onReviewSynced((_, result) => void keepServerCard(result)), []);
  useEffect(() => {
    if (offline || !isSignedIn()) return;
    let left = false;
    flushReviewQueue(client)
      .then(() => {
        if (left) return;
        // Cards whose ratings still wait keep their local state until those are sent.
        const waiting = new Set(readQueue().map((q) => q.card_id));
        return refreshOfflineCards(getUserEmail(), waiting);
      })
      .catch((error: unknown) => {
        // The next page online tries again; the cards kept before stay.
        console.error('[deck-review] could not keep the cards for offline review:', error);
      });
    return () => {
      left = true;
    };
  }, [offline, client]);
}
