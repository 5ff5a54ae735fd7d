/**
 * Messages owned by the UI package (en and es, identical keys). Feature packages merge these
 * with their own catalogs (see `intl/AppIntlProvider.tsx`).
 */
const en = {
  'errorBoundary.title': 'Something went wrong',
  'errorBoundary.description': 'An unexpected error occurred. Reloading the page usually helps.',
  'errorBoundary.reload': 'Reload Page',
  'ui.close': 'Close',
  'ui.dismiss': 'Dismiss',
  'ui.loading': 'Loading…',
  'ui.progress': 'Progress',
  'ui.badge.count': '{count, plural, one {# notification} other {# notifications}}',
  'ui.badge.premium': 'PREMIUM',
  'ui.richContent.playSound': 'Play sound',
  'ui.richContent.speak': 'Read aloud in {language}',
  'ui.richContent.noVoice': 'This browser has no voice for {language}. The text:',
  'ui.chip.remove': 'Remove {label}',
  'ui.password.show': 'Show password',
  'ui.password.hide': 'Hide password',
} as const;

export type UiMessageId = keyof typeof en;

const es: Record<UiMessageId, string> = {
  'errorBoundary.title': 'Algo salió mal',
  'errorBoundary.description':
    'Ocurrió un error inesperado. Volver a cargar la página suele solucionarlo.',
  'errorBoundary.reload': 'Recargar página',
  'ui.close': 'Cerrar',
  'ui.dismiss': 'Descartar',
  'ui.loading': 'Cargando…',
  'ui.progress': 'Progreso',
  'ui.badge.count': '{count, plural, one {# notificación} other {# notificaciones}}',
  'ui.badge.premium': 'PREMIUM',
  'ui.richContent.playSound': 'Reproducir sonido',
  'ui.richContent.speak': 'Leer en voz alta en {language}',
  'ui.richContent.noVoice': 'Este navegador no tiene voz para {language}. El texto:',
  'ui.chip.remove': 'Quitar {label}',
  'ui.password.show': 'Mostrar contraseña',
  'ui.password.hide': 'Ocultar contraseña',
};

export type Locale = 'en' | 'es';
export const locales: readonly Locale[] = ['en', 'es'];

export const uiMessages: Record<Locale, Record<UiMessageId, string>> = { en, es };
