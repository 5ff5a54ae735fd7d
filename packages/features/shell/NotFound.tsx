import { Button, SearchIcon } from '@memoria/ui';
import { FormattedMessage } from 'react-intl';
import * as page from '../shared/page.css.ts';
import * as s from './shell.css.ts';

/**
 * The page for an address that leads nowhere, inside the app layout for a signed-in learner: "Not
 * Found", a sentence saying the page does not exist or was moved, and a way back to the dashboard.
 * Mounted by `NotFoundIsland` on any unknown path (answered with status 404) and on the routes
 * whose id is not a number (`/space-repetition/{deckId}`, `/duel/{duelId}`…).
 *
 * **Use it** when the address itself is wrong, so nothing can be loaded. **Don't use it** for a
 * deck, chat or duel the server answers 404 for (each page shows that as its own error state with a
 * way back) or for a failed call (an error with Retry).
 *
 * **API calls and states.** It makes no API call and has one state, shown in both themes, both
 * languages and on a phone (`Default`, `Dark`, `Spanish`, `Phone`).
 *
 * **Accessibility.** "Not Found" is the page's `h1`, so it is the first thing a screen reader reads
 * of the content; the magnifier icon is decorative (`aria-hidden`). Go to Dashboard is a link
 * styled as a button (Enter), the only thing to focus besides the layout's navigation. Focus is not
 * moved.
 */
export function NotFound() {
  return (
    <div className={`${page.page} ${s.centered}`}>
      <SearchIcon size={40} className={s.centeredIcon} />
      <h1 className={page.pageTitle}>
        <FormattedMessage id="shell.notFound.title" />
      </h1>
      <p className={page.pageSubtitle}>
        <FormattedMessage id="shell.notFound.description" />
      </p>
      <Button href="/">
        <FormattedMessage id="shell.notFound.back" />
      </Button>
    </div>
  );
}
