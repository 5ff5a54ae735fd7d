/**
 * The email with a one-time sign-in link (issue 38), in the requester's language. Pure: the
 * caller gives the link; the token travels in the fragment, which browsers do not send to
 * servers or in a Referer.
 */
import type { Language } from '../language.ts';

/** How long a sign-in link works after it was sent. */
export const LOGIN_LINK_MINUTES = 15;

/** The page that signs in with a link's token (`src/pages/sign-in-link.astro`). */
export const loginLinkUrl = (origin: string, token: string) =>
  `${origin.replace(/\/+$/, '')}/sign-in-link#token=${token}`;

export function loginLinkMail(
  language: Language,
  facts: { name: string; link: string },
): { subject: string; body: string } {
  if (language === 'es') {
    return {
      subject: 'Tu enlace para iniciar sesión en Memoria',
      body: `Hola, ${facts.name}:\n\nAbre este enlace para iniciar sesión en Memoria. Funciona una sola vez y durante ${LOGIN_LINK_MINUTES} minutos:\n\n${facts.link}\n\nSi no lo pediste, ignora este correo: tu contraseña no cambió.\n`,
    };
  }
  return {
    subject: 'Your Memoria sign-in link',
    body: `Hello ${facts.name},\n\nOpen this link to sign in to Memoria. It works once, for ${LOGIN_LINK_MINUTES} minutes:\n\n${facts.link}\n\nIf you did not ask for it, ignore this email: your password has not changed.\n`,
  };
}
