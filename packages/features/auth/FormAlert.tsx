import * as s from './auth.css.ts';

/** The auth forms' banner: what no field shows (`useApiForm`'s `banner`), announced at once. */
export function FormAlert({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className={s.alert}>
      {text}
    </p>
  );
}
