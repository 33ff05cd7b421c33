/**
 * The customer dashboard: its page, the portal's JSON API, and the rules both hosts and the stack share.
 * The portal is its own function; the name day functions never see these routes.
 */
export const PORTAL_ROUTES = {
  /** The service's root leads to the dashboard, its front page for people. */
  home: { path: '/', methods: ['GET'], signedIn: false },
  page: { path: '/dashboard', methods: ['GET'], signedIn: false },
  asset: { path: '/dashboard/{asset}', methods: ['GET'], signedIn: false },
  signUp: { path: '/portal/v1/sign-up', methods: ['POST'], signedIn: false },
  confirm: { path: '/portal/v1/confirm', methods: ['POST'], signedIn: false },
  signIn: { path: '/portal/v1/sign-in', methods: ['POST'], signedIn: false },
  signOut: { path: '/portal/v1/sign-out', methods: ['POST'], signedIn: false },
  passwordReset: { path: '/portal/v1/password-reset', methods: ['POST'], signedIn: false },
  passwordResetConfirmation: { path: '/portal/v1/password-reset/confirmation', methods: ['POST'], signedIn: false },
  password: { path: '/portal/v1/password', methods: ['POST'], signedIn: true },
  accountDeletion: { path: '/portal/v1/account/deletion', methods: ['POST'], signedIn: true },
  keys: { path: '/portal/v1/keys', methods: ['GET', 'POST'], signedIn: true },
  key: { path: '/portal/v1/keys/{id}', methods: ['DELETE'], signedIn: true },
  rotation: { path: '/portal/v1/keys/{id}/rotation', methods: ['POST'], signedIn: true },
  keyFeeds: { path: '/portal/v1/keys/{id}/feeds', methods: ['POST'], signedIn: true },
  feed: { path: '/portal/v1/feeds/{id}', methods: ['PUT', 'DELETE'], signedIn: true },
} as const;

export type PortalOperation = keyof typeof PORTAL_ROUTES;

/** Self-service keys are free-tier; an operator sets a paid tier with the key command. */
export const SELF_SERVICE_TIER = 'free';

/** Active keys an account may hold at once; a revoked key frees its place. */
export const MAX_ACTIVE_KEYS_PER_ACCOUNT = 10;

/** The user pool's password policy, checked by the portal too so that both hosts refuse alike. */
export const PASSWORD_MIN_LENGTH = 12;

/** Largest request body the portal reads: an email and a password, a label, or a feed's list of 50 people. */
export const MAX_PORTAL_BODY_BYTES = 16384;

/** What the portal function reads from its environment besides its table. */
export const PORTAL_ENV = {
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  /** Base of the token issuer: https://cognito-idp.<region>.amazonaws.com on AWS, cognito-local's URL locally. */
  issuerBase: 'COGNITO_ISSUER_BASE',
  /** "auto": accounts are confirmed at sign-up (local default, no mail); "code": by the emailed code. */
  confirmSignUps: 'CONFIRM_SIGN_UPS',
  /** On AWS: the REST API and stage whose usage plans keys are attached to, as the key command does. */
  restApiId: 'REST_API_ID',
  stageName: 'API_STAGE_NAME',
} as const;

/** The user pool and its app client, as the stack builds them and the local host creates them in cognito-local. */
export const USER_POOL = {
  poolName: 'nameday-customers',
  clientName: 'dashboard',
  /** Password sign-in through the portal, and refresh tokens it can revoke at sign-out. */
  authFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
} as const;
