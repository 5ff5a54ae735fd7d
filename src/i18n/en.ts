/**
 * English texts of the static pages (landing, pricing, terms) and their layout. `es.ts` must
 * have exactly the same keys (the type of its catalog enforces it). Paragraph breaks inside a
 * text are blank lines ("\n\n").
 */
export const en = {
  // Document
  'meta.siteName': 'Memoria',
  'meta.landing.title': 'Memoria: train your memory with spaced repetition, duels and mnemonics',
  'meta.landing.description':
    'Memoria is a memory-training platform for students, teachers and schools: spaced-repetition decks, duels with friends, AI-assisted macro images and a number conversion table.',
  'meta.pricing.title': 'Pricing: Free, Standard and Enterprise plans · Memoria',
  'meta.pricing.description':
    'Start free with spaced repetition and basic decks. Standard unlocks duels, macro images and conversion tables for 6.999 per month. Enterprise plans for schools.',
  'meta.terms.title': 'Terms and Conditions · Memoria',
  'meta.terms.description':
    'The terms and conditions of Memoria: accounts, plans and payments in Argentine pesos, subscriptions, privacy, cookies and governing law.',

  // Layout: header
  'layout.skipToContent': 'Skip to main content',
  'layout.homeLink': 'Memoria, home',
  'layout.mainNav': 'Account',
  'layout.login': 'Log in',
  'layout.signup': 'Sign up',
  'layout.preferences': 'Display preferences',
  'layout.language': 'Language',
  'layout.languageEn': 'English',
  'layout.languageEs': 'Español',
  'layout.themeToDark': 'Dark theme',
  'layout.themeToLight': 'Light theme',
  'layout.themeToDarkLabel': 'Switch to the dark theme',
  'layout.themeToLightLabel': 'Switch to the light theme',

  // Layout: footer
  'footer.tagline': 'Memory training for students, teachers and schools.',
  'footer.legal': 'Legal',
  'footer.terms': 'Terms',
  'footer.privacy': 'Privacy',
  'footer.pricing': 'Pricing',
  'footer.copyright': '© {year} Memoria. All rights reserved.',

  // Cookie banner
  'cookies.title': 'We use cookies',
  'cookies.description':
    'Essential cookies keep you signed in and remember your language and theme. With your permission we also use analytics and preference cookies to improve Memoria.',
  'cookies.categories': 'Cookie categories',
  'cookies.essential': 'Essential',
  'cookies.analytics': 'Analytics',
  'cookies.preferences': 'Preferences',
  'cookies.learnMore': 'Learn more',
  'cookies.learnMoreContext': ' about cookies',
  'cookies.decline': 'Decline',
  'cookies.acceptAll': 'Accept all',

  // Landing: hero
  'landing.hero.eyebrow': 'Memory training, made social',
  'landing.hero.title': 'Remember more, in less time',
  'landing.hero.subtitle':
    'Spaced-repetition decks, duels with friends and mnemonic tools that turn what you study into memories that last.',
  'landing.hero.primary': 'Start for free',
  'landing.hero.secondary': 'See pricing',

  // Landing: features
  'landing.features.title': 'Four ways to train your memory',
  'landing.features.subtitle':
    'Use them alone or together: every review counts towards your streak.',
  'landing.features.spacedRepetition.title': 'Space Repetition',
  'landing.features.spacedRepetition.body':
    'Review each card right before you would forget it. Rate how hard it was and the schedule adapts to you.',
  'landing.features.duels.title': 'Duels',
  'landing.features.duels.body':
    'Challenge your friends with deck, image, number and custom-question duels, and see who remembers more.',
  'landing.features.macroImages.title': 'Macro Images',
  'landing.features.macroImages.body':
    'Turn dry facts into vivid stories with an AI assistant that helps you build images you cannot forget.',
  'landing.features.conversionTable.title': 'Conversion Table',
  'landing.features.conversionTable.body':
    'Convert numbers into words and phrases, so dates, phone numbers and long figures become easy to recall.',

  // Landing: stats
  'landing.stats.title': 'Results that stick',
  'landing.stats.retention.value': '95%',
  'landing.stats.retention.label': 'retention improvement',
  'landing.stats.speed.value': '3x',
  'landing.stats.speed.label': 'faster learning',
  'landing.stats.students.value': '1k+',
  'landing.stats.students.label': 'active students',

  // Landing: plans
  'landing.plans.title': 'Simple plans',
  'landing.plans.subtitle': 'Start free and upgrade when you want the full toolkit.',
  'landing.plans.compare': 'Compare all plans',

  // Landing: call to action
  'landing.cta.title': 'Ready to remember what matters?',
  'landing.cta.body': 'Create your free account in under a minute. No card required.',
  'landing.cta.button': 'Create your free account',

  // Plans (landing and pricing)
  'plans.perMonth': 'per month',
  'plans.currency': 'ARS',
  'plans.popular': 'Most popular',
  'plans.free.name': 'Free',
  'plans.free.price': '$0',
  'plans.free.billing': 'Free forever',
  'plans.free.description': 'Everything you need to start reviewing today.',
  'plans.free.feature1': 'Space repetition',
  'plans.free.feature2': 'Basic decks',
  'plans.free.feature3': 'Create your own cards',
  'plans.free.cta': 'Get started',
  'plans.standard.name': 'Standard',
  'plans.standard.price': '$6.999',
  'plans.standard.billing': 'Billed monthly',
  'plans.standard.description': 'The full toolkit for learners who want to go further.',
  'plans.standard.feature1': 'Full space repetition',
  'plans.standard.feature2': 'Unlimited macro images and number tables',
  'plans.standard.feature3': 'Duels with friends',
  'plans.standard.feature4': 'Progress tracking',
  'plans.standard.feature5': 'Email support',
  'plans.standard.cta': 'Buy now',
  'plans.standard.ctaLanding': 'Choose Standard',
  'plans.enterprise.name': 'Enterprise',
  'plans.enterprise.price': 'Custom price',
  'plans.enterprise.billing': 'Tailored to your institution',
  'plans.enterprise.description': 'For schools and organizations that train many learners.',
  'plans.enterprise.feature1': 'Everything in Standard',
  'plans.enterprise.feature2': 'Admin panel',
  'plans.enterprise.feature3': 'Teacher and student management',
  'plans.enterprise.feature4': 'Institutional reports',
  'plans.enterprise.feature5': 'Priority support',
  'plans.enterprise.feature6': 'Customization',
  'plans.enterprise.cta': 'Contact sales',
  'plans.loading': 'Loading the price…',
  'plans.failed': 'Error fetching plans',
  'plans.retry': 'Retry',
  'plans.featuresOf': 'What the {plan} plan includes',

  // Pricing page
  'pricing.back': 'Back to home',
  'pricing.title': 'Plans and pricing',
  'pricing.subtitle':
    'Start free, upgrade when you are ready. Prices are in Argentine pesos and payments go through Mercado Pago.',
  'pricing.contact.title': 'Contact sales',
  'pricing.contact.body':
    'Enterprise plans are shaped around your school or organization: how many teachers and students you have, the reports you need and how you want Memoria to look.',

  // Terms page
  'terms.title': 'Terms and Conditions',
  'terms.updated': 'Last updated: January 2025',
  'terms.intro':
    'These terms govern your use of Memoria, a memory-training platform offering spaced-repetition decks, duels, macro images and a number conversion table. Please read them carefully.',
  'terms.contents': 'Sections',
  'terms.s1.title': 'Acceptance of the terms',
  'terms.s1.body':
    'By creating an account or using Memoria you agree to these Terms and Conditions. If you do not agree, do not use the service. If you use Memoria on behalf of a school or organization, you confirm that you are authorized to accept these terms on its behalf.',
  'terms.s2.title': 'The service',
  'terms.s2.body':
    'Memoria offers tools for studying and training memory: spaced-repetition decks and cards, duels between friends, AI-assisted macro-image chats, a number conversion table, progress statistics, friends and notifications. Features may change over time as we improve the service; some features require a paid plan.\n\nContent generated with AI assistance is offered as a study aid and may contain mistakes. Check anything important against reliable sources.',
  'terms.s3.title': 'Accounts',
  'terms.s3.body':
    'You need an account to use most of Memoria. You must give accurate information, keep your password confidential and tell us about any unauthorized use of your account. You are responsible for the activity that happens under your account. Users under 13 may use Memoria only through a school or with the consent of a parent or guardian.',
  'terms.s4.title': 'Plans and payments',
  'terms.s4.body':
    'Memoria has a Free plan and paid plans (Standard, Enterprise and Enterprise+). Prices are shown in Argentine pesos (ARS) and include any applicable taxes unless stated otherwise. Payments are processed by Mercado Pago; Memoria does not store your card details. Enterprise prices are agreed with each institution.',
  'terms.s5.title': 'Subscriptions and cancellation',
  'terms.s5.body':
    'Paid plans renew automatically every month until you cancel. You can cancel at any time from your profile; cancellation cannot be undone, but you keep access to the paid features until the end of the period you have already paid for, and you can subscribe again later. Except where the law requires otherwise, periods already paid are not refunded.\n\nWhere the consumer protection law of Argentina gives you the right to revoke a purchase within ten days, you can exercise it by contacting us.',
  'terms.s6.title': 'Your content',
  'terms.s6.body':
    'Decks, cards, images, messages and other content you create remain yours. You give Memoria a limited licence to store, process and display that content only to provide the service to you and to the people you choose to share it with. You are responsible for having the rights to the content you upload.',
  'terms.s7.title': 'Acceptable use',
  'terms.s7.body':
    'Do not use Memoria to break the law, harass other users, share content that is offensive or infringes the rights of others, interfere with the service or its security, or access other accounts or data without permission. We may suspend or close accounts that break these rules.',
  'terms.s8.title': 'Intellectual property',
  'terms.s8.body':
    'The Memoria name, logo, software, design and materials are owned by Memoria or its licensors and are protected by intellectual property laws. These terms do not give you any right to use them beyond the normal use of the service.',
  'terms.s9.title': 'Privacy and cookies',
  'terms.s9.body':
    'We process personal data in accordance with Argentina’s Personal Data Protection Law No. 25,326 and use it only to provide and improve the service. You can access, correct or delete your data at any time.\n\nEssential cookies keep you signed in and remember your language and theme. Analytics and preference cookies are used only if you accept them in the cookie banner, and you can change your choice at any time.',
  'terms.s10.title': 'Limitation of liability',
  'terms.s10.body':
    'Memoria is provided “as is”. We work to keep it available and accurate, but we do not guarantee that it will be free of interruptions or errors, or any particular learning result. To the extent permitted by law, Memoria is not liable for indirect damages or for losses arising from the use of the service.',
  'terms.s11.title': 'Governing law and jurisdiction',
  'terms.s11.body':
    'These terms are governed by the laws of the Argentine Republic. Any dispute will be submitted to the ordinary courts of the City of Buenos Aires, without prejudice to any rights you have as a consumer. We may update these terms; if the changes are significant we will let you know before they take effect.',
  'terms.tax.title': 'Tax information',
  'terms.tax.alt':
    'Datos fiscales: the tax-information badge of Memoria, the service provider registered in Argentina',
} as const;

export type MessageKey = keyof typeof en;
