/**
 * The customer dashboard: the rules both hosts and the stack share. Its routes are in the route table
 * (served by the portal function); the name day functions never see them.
 */

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
