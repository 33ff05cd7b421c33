// (primary adapter: the portal handler) --> accounts: sign up, confirm, sign in, sign out --> (user pool)

/** What a signed-in person holds: the ID token names them to the portal; the refresh token ends the session. */
export interface Session {
  idToken: string;
  refreshToken: string;
  /** Seconds the ID token stays valid. */
  expiresIn: number;
}

/** The user pool, as the dashboard uses it. Every failure a person can cause is a ServiceError with its reason. */
export interface Accounts {
  /** `confirmed` is false when the account waits for the code sent to the email. */
  signUp(email: string, password: string): Promise<{ confirmed: boolean }>;
  confirm(email: string, code: string): Promise<void>;
  signIn(email: string, password: string): Promise<Session>;
  /** Revokes the session's refresh token; its ID token lapses within the hour it was issued for. */
  signOut(refreshToken: string): Promise<void>;
}

/** Who a session token belongs to: the pool's subject (the account id keys carry) and email. */
export interface Identity {
  owner: string;
  email: string;
}

export interface SessionVerifier {
  /** Throws SessionRequiredError unless the token is a valid, unexpired ID token of our pool and client. */
  verify(token: string): Promise<Identity>;
}
