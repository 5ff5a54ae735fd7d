import { Button, SearchIcon } from '@memoria/ui';
import { FormattedMessage } from 'react-intl';
import * as page from '../shared/page.css.ts';
import * as s from './shell.css.ts';

/** Any unknown path when signed in (§2): 'Not Found', translatable. */
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
