import { Button, SearchIcon } from '@memoria/ui';
import { FormattedMessage } from 'react-intl';
import * as page from '../shared/page.css.ts';
import * as s from './shell.css.ts';

/**
 * Any unknown path for a signed-in learner, mounted by `NotFoundIsland`: "Not Found" inside the app
 * layout. It makes no API call.
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
