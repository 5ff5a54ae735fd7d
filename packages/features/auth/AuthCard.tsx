import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import * as s from './auth.css.ts';

/** The page frame around a login or register form: heading, subline, form, link to the other. */
export function AuthCard(props: {
  titleId: string;
  subtitleId: string;
  switchTextId: string;
  switchLinkId: string;
  switchHref: string;
  children: ReactNode;
}) {
  return (
    <div className={s.card}>
      <h1 className={s.title}>
        <FormattedMessage id={props.titleId} />
      </h1>
      <p className={s.subtitle}>
        <FormattedMessage id={props.subtitleId} />
      </p>
      {props.children}
      <p className={s.switchLine}>
        <FormattedMessage id={props.switchTextId} />{' '}
        <a className={s.link} href={props.switchHref}>
          <FormattedMessage id={props.switchLinkId} />
        </a>
      </p>
    </div>
  );
}
