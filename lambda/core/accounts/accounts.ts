// (primary adapter: the portal handler) --> accounts: sign up, confirm, sign in, sign out, recover, close --> (user pool)

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
  /**
   * Sends a code to the account's email for a new password. An unknown email is answered alike, so the
   * form tells no one which addresses have accounts.
   */
  requestPasswordReset(email: string): Promise<void>;
  /** Sets a new password with the emailed code. */
  resetPassword(email: string, code: string, newPassword: string): Promise<void>;
  /**
   * Proves the signed-in person knows the account's password now (a session alone is not enough to
   * change it or close the account). A wrong password is a PasswordMismatchError.
   */
  proveOwnership(email: string, password: string): Promise<AccountProof>;
  changePassword(proof: AccountProof, currentPassword: string, newPassword: string): Promise<void>;
  /** Deletes the user from the pool; its sessions end with it. */
  deleteUser(proof: AccountProof): Promise<void>;
}

/** What the pool hands back for a proven password: opaque to everyone but the pool's adapter. */
export interface AccountProof {
  readonly accessToken: string;
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
