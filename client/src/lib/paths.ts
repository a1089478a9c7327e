/** Every route of the app, in one place. */
export const paths = {
  home: '/',
  game: '/game',
  profile: '/profile',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  login: '/login',
  features: '/features',
  howToPlay: '/how-to-play',
  helpCenter: '/help-center',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  contactUs: '/contact-us',
  featureRequest: '/feature-request',
  // The links of the verification and password reset mails.
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  loginLink: '/login-link',
} as const;

export const profileTabs = ['deposit', 'withdraw', 'history', 'referral', 'friends', 'settings'] as const;
export type ProfileTab = (typeof profileTabs)[number];

export const purchaseDicePath = `${paths.profile}?tab=deposit&diceRolls=true`;
