import type { MessageKey } from './en.ts';

/** Spanish texts of the static pages: the same keys as `en.ts`, no more and no fewer. */
export const es = {
  // Documento
  'meta.siteName': 'Memoria',
  'meta.landing.title':
    'Memoria: entrena tu memoria con repetición espaciada, duelos y mnemotecnia',
  'meta.landing.description':
    'Memoria es una plataforma de entrenamiento de la memoria para estudiantes, docentes y escuelas: mazos con repetición espaciada, duelos con amigos, macroimágenes asistidas por IA y una tabla de conversión de números.',
  'meta.pricing.title': 'Precios: planes Gratis, Standard y Enterprise · Memoria',
  'meta.pricing.description':
    'Empieza gratis con repetición espaciada y mazos básicos. Standard desbloquea duelos, macroimágenes y tablas de conversión por 6.999 al mes. Planes Enterprise para escuelas.',
  'meta.terms.title': 'Términos y Condiciones · Memoria',
  'meta.terms.description':
    'Los términos y condiciones de Memoria: cuentas, planes y pagos en pesos argentinos, suscripciones, privacidad, cookies y ley aplicable.',

  // Diseño: encabezado
  'layout.skipToContent': 'Saltar al contenido principal',
  'layout.homeLink': 'Memoria, inicio',
  'layout.mainNav': 'Cuenta',
  'layout.login': 'Iniciar sesión',
  'layout.signup': 'Registrarse',
  'layout.preferences': 'Preferencias de visualización',
  'layout.language': 'Idioma',
  'layout.languageEn': 'English',
  'layout.languageEs': 'Español',
  'layout.themeToDark': 'Tema oscuro',
  'layout.themeToLight': 'Tema claro',
  'layout.themeToDarkLabel': 'Cambiar al tema oscuro',
  'layout.themeToLightLabel': 'Cambiar al tema claro',

  // Diseño: pie de página
  'footer.tagline': 'Entrenamiento de la memoria para estudiantes, docentes y escuelas.',
  'footer.legal': 'Legal',
  'footer.terms': 'Términos',
  'footer.privacy': 'Privacidad',
  'footer.pricing': 'Precios',
  'footer.copyright': '© {year} Memoria. Todos los derechos reservados.',

  // Aviso de cookies
  'cookies.title': 'Usamos cookies',
  'cookies.description':
    'Las cookies esenciales mantienen tu sesión iniciada y recuerdan tu idioma y tu tema. Con tu permiso, también usamos cookies de análisis y de preferencias para mejorar Memoria.',
  'cookies.categories': 'Tipos de cookies',
  'cookies.essential': 'Esenciales',
  'cookies.analytics': 'Análisis',
  'cookies.preferences': 'Preferencias',
  'cookies.learnMore': 'Más información',
  'cookies.learnMoreContext': ' sobre las cookies',
  'cookies.decline': 'Rechazar',
  'cookies.acceptAll': 'Aceptar todas',

  // Inicio: portada
  'landing.hero.eyebrow': 'Entrenar la memoria, ahora en compañía',
  'landing.hero.title': 'Recuerda más en menos tiempo',
  'landing.hero.subtitle':
    'Mazos con repetición espaciada, duelos con amigos y herramientas mnemotécnicas que convierten lo que estudias en recuerdos duraderos.',
  'landing.hero.primary': 'Empieza gratis',
  'landing.hero.secondary': 'Ver precios',

  // Inicio: funciones
  'landing.features.title': 'Cuatro formas de entrenar tu memoria',
  'landing.features.subtitle': 'Úsalas por separado o combinadas: cada repaso suma a tu racha.',
  'landing.features.spacedRepetition.title': 'Repetición espaciada',
  'landing.features.spacedRepetition.body':
    'Repasa cada tarjeta justo antes de olvidarla. Indica qué tan difícil te resultó y el calendario se adapta a ti.',
  'landing.features.duels.title': 'Duelos',
  'landing.features.duels.body':
    'Desafía a tus amigos con duelos de mazos, imágenes, números y preguntas personalizadas, y descubre quién recuerda más.',
  'landing.features.macroImages.title': 'Macroimágenes',
  'landing.features.macroImages.body':
    'Convierte datos áridos en historias vívidas con un asistente de IA que te ayuda a crear imágenes imposibles de olvidar.',
  'landing.features.conversionTable.title': 'Tabla de conversión',
  'landing.features.conversionTable.body':
    'Convierte números en palabras y frases para recordar fácilmente fechas, teléfonos y cifras largas.',

  // Inicio: cifras
  'landing.stats.title': 'Resultados que perduran',
  'landing.stats.retention.value': '95%',
  'landing.stats.retention.label': 'de mejora en la retención',
  'landing.stats.speed.value': '3x',
  'landing.stats.speed.label': 'aprendizaje más rápido',
  'landing.stats.students.value': '1k+',
  'landing.stats.students.label': 'estudiantes activos',

  // Inicio: planes
  'landing.plans.title': 'Planes simples',
  'landing.plans.subtitle':
    'Empieza gratis y pásate a un plan pago cuando quieras todas las herramientas.',
  'landing.plans.compare': 'Comparar todos los planes',

  // Inicio: llamada a la acción
  'landing.cta.title': '¿Listo para recordar lo que importa?',
  'landing.cta.body': 'Crea tu cuenta gratuita en menos de un minuto. Sin tarjeta.',
  'landing.cta.button': 'Crea tu cuenta gratis',

  // Planes (inicio y precios)
  'plans.perMonth': 'por mes',
  'plans.currency': 'ARS',
  'plans.popular': 'El más elegido',
  'plans.free.name': 'Gratis',
  'plans.free.price': '$0',
  'plans.free.billing': 'Gratis para siempre',
  'plans.free.description': 'Todo lo que necesitas para empezar a repasar hoy.',
  'plans.free.feature1': 'Repetición espaciada',
  'plans.free.feature2': 'Mazos básicos',
  'plans.free.feature3': 'Crea tus propias tarjetas',
  'plans.free.cta': 'Empezar',
  'plans.standard.name': 'Standard',
  'plans.standard.price': '$6.999',
  'plans.standard.billing': 'Facturación mensual',
  'plans.standard.description': 'Todas las herramientas para quienes quieren ir más allá.',
  'plans.standard.feature1': 'Repetición espaciada completa',
  'plans.standard.feature2': 'Macroimágenes y tablas de números ilimitadas',
  'plans.standard.feature3': 'Duelos con amigos',
  'plans.standard.feature4': 'Seguimiento del progreso',
  'plans.standard.feature5': 'Soporte por correo electrónico',
  'plans.standard.cta': 'Comprar ahora',
  'plans.standard.ctaLanding': 'Elegir Standard',
  'plans.enterprise.name': 'Enterprise',
  'plans.enterprise.price': 'Precio a medida',
  'plans.enterprise.billing': 'Adaptado a tu institución',
  'plans.enterprise.description': 'Para escuelas y organizaciones que entrenan a muchas personas.',
  'plans.enterprise.feature1': 'Todo lo incluido en Standard',
  'plans.enterprise.feature2': 'Panel de administración',
  'plans.enterprise.feature3': 'Gestión de docentes y estudiantes',
  'plans.enterprise.feature4': 'Informes institucionales',
  'plans.enterprise.feature5': 'Soporte prioritario',
  'plans.enterprise.feature6': 'Personalización',
  'plans.enterprise.cta': 'Contactar a ventas',
  'plans.loading': 'Cargando el precio…',
  'plans.failed': 'Error al obtener los planes',
  'plans.retry': 'Reintentar',
  'plans.featuresOf': 'Qué incluye el plan {plan}',

  // Página de precios
  'pricing.back': 'Volver al inicio',
  'pricing.title': 'Planes y precios',
  'pricing.subtitle':
    'Empieza gratis y cambia de plan cuando quieras. Los precios están en pesos argentinos y los pagos se hacen a través de Mercado Pago.',
  'pricing.contact.title': 'Contactar a ventas',
  'pricing.contact.body':
    'Los planes Enterprise se arman a la medida de tu escuela u organización: cuántos docentes y estudiantes tienen, qué informes necesitan y cómo quieren que se vea Memoria.',

  // Términos
  'terms.title': 'Términos y Condiciones',
  'terms.updated': 'Última actualización: enero de 2025',
  'terms.intro':
    'Estos términos regulan el uso de Memoria, una plataforma de entrenamiento de la memoria que ofrece mazos con repetición espaciada, duelos, macroimágenes y una tabla de conversión de números. Te pedimos que los leas con atención.',
  'terms.contents': 'Secciones',
  'terms.s1.title': 'Aceptación de los términos',
  'terms.s1.body':
    'Al crear una cuenta o usar Memoria aceptas estos Términos y Condiciones. Si no estás de acuerdo, no uses el servicio. Si usas Memoria en nombre de una escuela u organización, confirmas que tienes autorización para aceptar estos términos en su nombre.',
  'terms.s2.title': 'El servicio',
  'terms.s2.body':
    'Memoria ofrece herramientas para estudiar y entrenar la memoria: mazos y tarjetas con repetición espaciada, duelos entre amigos, chats de macroimágenes asistidos por IA, una tabla de conversión de números, estadísticas de progreso, amigos y notificaciones. Las funciones pueden cambiar con el tiempo a medida que mejoramos el servicio; algunas requieren un plan pago.\n\nEl contenido generado con ayuda de la IA se ofrece como apoyo para el estudio y puede contener errores. Verifica lo importante con fuentes confiables.',
  'terms.s3.title': 'Cuentas',
  'terms.s3.body':
    'Para usar la mayor parte de Memoria necesitas una cuenta. Debes dar información verdadera, mantener tu contraseña en secreto y avisarnos de cualquier uso no autorizado de tu cuenta. Eres responsable de la actividad que se realice con ella. Los menores de 13 años solo pueden usar Memoria a través de una escuela o con el consentimiento de su madre, padre o tutor.',
  'terms.s4.title': 'Planes y pagos',
  'terms.s4.body':
    'Memoria tiene un plan Gratis y planes pagos (Standard, Enterprise y Enterprise+). Los precios se muestran en pesos argentinos (ARS) e incluyen los impuestos que correspondan, salvo que se indique lo contrario. Los pagos se procesan a través de Mercado Pago; Memoria no guarda los datos de tu tarjeta. Los precios de Enterprise se acuerdan con cada institución.',
  'terms.s5.title': 'Suscripciones y cancelación',
  'terms.s5.body':
    'Los planes pagos se renuevan automáticamente cada mes hasta que los canceles. Puedes cancelar en cualquier momento desde tu perfil; la cancelación no se puede deshacer, pero conservas el acceso a las funciones pagas hasta el final del período ya abonado y puedes volver a suscribirte más adelante. Salvo que la ley disponga otra cosa, no se reembolsan los períodos ya pagados.\n\nSi la ley de defensa del consumidor de la Argentina te da derecho a revocar una compra dentro de los diez días, puedes ejercerlo contactándonos.',
  'terms.s6.title': 'Tu contenido',
  'terms.s6.body':
    'Los mazos, tarjetas, imágenes, mensajes y demás contenido que crees siguen siendo tuyos. Le otorgas a Memoria una licencia limitada para almacenar, procesar y mostrar ese contenido solo para prestarte el servicio a ti y a las personas con quienes decidas compartirlo. Eres responsable de tener los derechos sobre el contenido que subas.',
  'terms.s7.title': 'Uso aceptable',
  'terms.s7.body':
    'No uses Memoria para infringir la ley, acosar a otras personas, compartir contenido ofensivo o que vulnere derechos de terceros, interferir con el servicio o su seguridad, ni para acceder sin permiso a otras cuentas o datos. Podemos suspender o cerrar las cuentas que no respeten estas reglas.',
  'terms.s8.title': 'Propiedad intelectual',
  'terms.s8.body':
    'El nombre, el logotipo, el software, el diseño y los materiales de Memoria pertenecen a Memoria o a sus licenciantes y están protegidos por las leyes de propiedad intelectual. Estos términos no te otorgan ningún derecho a usarlos más allá del uso normal del servicio.',
  'terms.s9.title': 'Privacidad y cookies',
  'terms.s9.body':
    'Tratamos los datos personales de acuerdo con la Ley de Protección de los Datos Personales N.º 25.326 y los usamos solo para prestar y mejorar el servicio. Puedes acceder a tus datos, corregirlos o eliminarlos en cualquier momento.\n\nLas cookies esenciales mantienen tu sesión iniciada y recuerdan tu idioma y tu tema. Las cookies de análisis y de preferencias solo se usan si las aceptas en el aviso de cookies, y puedes cambiar tu elección cuando quieras.',
  'terms.s10.title': 'Limitación de responsabilidad',
  'terms.s10.body':
    'Memoria se ofrece “tal como está”. Trabajamos para que esté disponible y funcione correctamente, pero no garantizamos que no tenga interrupciones o errores, ni un resultado de aprendizaje determinado. En la medida en que la ley lo permita, Memoria no responde por daños indirectos ni por pérdidas derivadas del uso del servicio.',
  'terms.s11.title': 'Ley aplicable y jurisdicción',
  'terms.s11.body':
    'Estos términos se rigen por las leyes de la República Argentina. Cualquier controversia se someterá a los tribunales ordinarios de la Ciudad de Buenos Aires, sin perjuicio de los derechos que tengas como consumidor. Podemos actualizar estos términos; si los cambios son importantes, te avisaremos antes de que entren en vigor.',
  'terms.tax.title': 'Información fiscal',
  'terms.tax.alt':
    'Datos fiscales: la insignia de información fiscal de Memoria, prestador del servicio registrado en la Argentina',
} as const satisfies Record<MessageKey, string>;
