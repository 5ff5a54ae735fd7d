/**
 * The conversion table works offline (offlineConversion.ts): marks the page offline-capable (a
 * network failure while offline shows the offline state, not the login redirect), keeps the
 * language's word index and the learner's table while online, and says whether this browser can
 * convert with no connection.
 */
import {
  $offline,
  getUserEmail,
  isSignedIn,
  type MajorTable,
  type MnemonicsLocale,
  markOfflineCapable,
} from '@memoria/api';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { canConvertOffline, keepLexicon, keepOwnTable } from './offlineConversion.ts';

export function useOfflineConversion(language: MnemonicsLocale, table?: MajorTable) {
  const offline = useStore($offline);
  const [kept, setKept] = useState<boolean | undefined>(undefined);
  useEffect(() => markOfflineCapable(), []);
  useEffect(() => {
    let left = false;
    const email = getUserEmail();
    const keeping = offline || !isSignedIn() ? Promise.resolve() : keepLexicon(language, email);
    keeping
      .catch((error: unknown) => {
        // The next page online tries again; what was kept before stays.
        console.error('[conversion-table] could not keep the words for offline use:', error);
      })
      .then(() => canConvertOffline(language, email))
      .then((can) => {
        if (!left) setKept(can);
      })
      .catch(() => {
        if (!left) setKept(false);
      });
    return () => {
      left = true;
    };
  }, [language, offline]);
  useEffect(() => {
    if (table) void keepOwnTable(table, getUserEmail()).catch(() => undefined);
  }, [table]);
  /** Undefined while the browser's copy is being checked. */
  return { kept };
}
