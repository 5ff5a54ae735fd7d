import { isApiRequestError } from '@memoria/api';
import { Button } from '@memoria/ui';
import { FormattedMessage } from 'react-intl';
import * as s from './shell.css.ts';

/**
 * A read the server has not built yet answers 501 `not_implemented`. That is not something the
 * learner can retry, and "could not load" on every unbuilt panel would cry wolf, so it reads
 * "Coming soon"; every other failure says the panel could not load and offers Retry. An empty
 * answer (200 with nothing in it) is never a failure: the panel's own empty state shows then.
 */
export function isNotBuiltYet(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 501;
}

/** What a shell panel shows instead of its content when its call failed. */
export function PanelFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isNotBuiltYet(error)) {
    return (
      <p className={s.panelMuted}>
        <FormattedMessage id="shell.panel.comingSoon" />
      </p>
    );
  }
  return (
    <div role="status" className={s.panelFailure}>
      <p className={s.panelMuted}>
        <FormattedMessage id="shell.panel.loadFailed" />
      </p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        <FormattedMessage id="shell.retry" />
      </Button>
    </div>
  );
}
