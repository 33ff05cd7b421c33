import {
  AdminConfirmSignUpCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  CognitoIdentityProviderServiceException,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  DeleteUserCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_MIN_LENGTH } from '../../contract';
import type { AccountProof, Accounts, Session } from '../../core/accounts/accounts';
import {
  ConflictError,
  ForbiddenError,
  PasswordMismatchError,
  SessionRequiredError,
  StoreUnavailableError,
  ValidationError,
} from '../../core/shared/errors';

export interface UserPoolClientSettings {
  userPoolId: string;
  clientId: string;
  /**
   * Confirm accounts at sign-up instead of by the emailed code: the local host's default, where no mail
   * goes out. Needs AdminConfirmSignUp, which the stack's portal function is not granted.
   */
  confirmAtSignUp: boolean;
}

/** The pool's refusals a person can cause, as the dashboard's answers; anything else is a 500. */
const translate = (error: unknown): unknown => {
  if (!(error instanceof CognitoIdentityProviderServiceException)) return error;
  switch (error.name) {
    case 'UsernameExistsException':
      return new ConflictError('An account with this email already exists: sign in instead');
    case 'InvalidPasswordException':
      return new ValidationError(`Use a password of at least ${PASSWORD_MIN_LENGTH} characters`);
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      // Sign-in says "wrong email or password" itself; elsewhere this is a session that is not valid.
      return new SessionRequiredError();
    case 'UserNotConfirmedException':
      return new ForbiddenError('Confirm your email first: enter the code we sent you');
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
      return new ValidationError('That code is wrong or has expired: ask for a new one');
    case 'InvalidParameterException':
      return new ValidationError('That email or password is not valid');
    case 'TooManyRequestsException':
    case 'LimitExceededException':
    case 'TooManyFailedAttemptsException':
      return new StoreUnavailableError(30);
    default:
      return error;
  }
};

const guard = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    throw translate(error);
  }
};

/** At sign-in every refusal of the credentials is the same answer, whichever the pool gave. */
const WRONG_CREDENTIALS = ['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'];
const WRONG_CREDENTIALS_MESSAGE = "That email and password don't match an account";

const isPoolError = (error: unknown, names: readonly string[]): boolean =>
  error instanceof CognitoIdentityProviderServiceException && names.includes(error.name);

/** Accounts in an Amazon Cognito user pool, or in cognito-local serving the same API. */
export class CognitoAccounts implements Accounts {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly settings: UserPoolClientSettings,
  ) {}

  async signUp(email: string, password: string): Promise<{ confirmed: boolean }> {
    const { clientId, userPoolId, confirmAtSignUp } = this.settings;
    const result = await guard(() =>
      this.client.send(
        new SignUpCommand({
          ClientId: clientId,
          Username: email,
          Password: password,
          UserAttributes: [{ Name: 'email', Value: email }],
        }),
      ),
    );
    if (result.UserConfirmed) return { confirmed: true };
    if (!confirmAtSignUp) return { confirmed: false };
    await guard(() => this.client.send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId, Username: email })));
    return { confirmed: true };
  }

  async confirm(email: string, code: string): Promise<void> {
    await guard(() =>
      this.client.send(new ConfirmSignUpCommand({ ClientId: this.settings.clientId, Username: email, ConfirmationCode: code })),
    );
  }

  async signIn(email: string, password: string): Promise<Session> {
    const result = await this.passwordAuth(email, password, () => new SessionRequiredError(WRONG_CREDENTIALS_MESSAGE));
    const tokens = result.AuthenticationResult;
    // A challenge (a new password, MFA) is not offered by our pool; meeting one is a configuration error.
    if (!tokens?.IdToken || !tokens.RefreshToken) throw new Error(`Unexpected sign-in challenge ${result.ChallengeName ?? ''}`);
    return { idToken: tokens.IdToken, refreshToken: tokens.RefreshToken, expiresIn: tokens.ExpiresIn ?? 3600 };
  }

  async signOut(refreshToken: string): Promise<void> {
    await guard(() => this.client.send(new RevokeTokenCommand({ ClientId: this.settings.clientId, Token: refreshToken })));
  }

  async requestPasswordReset(email: string): Promise<void> {
    try {
      await this.client.send(new ForgotPasswordCommand({ ClientId: this.settings.clientId, Username: email }));
    } catch (error) {
      // The pool's client hides unknown users on AWS (preventUserExistenceErrors); cognito-local does not.
      if (isPoolError(error, ['UserNotFoundException'])) return;
      throw translate(error);
    }
  }

  async resetPassword(email: string, code: string, newPassword: string): Promise<void> {
    await guard(() =>
      this.client
        .send(
          new ConfirmForgotPasswordCommand({
            ClientId: this.settings.clientId,
            Username: email,
            ConfirmationCode: code,
            Password: newPassword,
          }),
        )
        .catch((error: unknown) => {
          // No such account answers as a wrong code would, so the form reveals no account.
          if (isPoolError(error, ['UserNotFoundException']))
            throw new ValidationError('That code is wrong or has expired: ask for a new one');
          throw error;
        }),
    );
  }

  async proveOwnership(email: string, password: string): Promise<AccountProof> {
    const result = await this.passwordAuth(email, password, () => new PasswordMismatchError());
    const accessToken = result.AuthenticationResult?.AccessToken;
    if (!accessToken) throw new Error(`Unexpected sign-in challenge ${result.ChallengeName ?? ''}`);
    return { accessToken };
  }

  /** The pool's password sign-in; wrong credentials become the caller's own error. */
  private passwordAuth(email: string, password: string, wrongCredentials: () => Error) {
    return guard(() =>
      this.client
        .send(
          new InitiateAuthCommand({
            ClientId: this.settings.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: password },
          }),
        )
        .catch((error: unknown) => {
          if (isPoolError(error, WRONG_CREDENTIALS)) throw wrongCredentials();
          throw error;
        }),
    );
  }

  async changePassword(proof: AccountProof, currentPassword: string, newPassword: string): Promise<void> {
    await guard(() =>
      this.client
        .send(
          new ChangePasswordCommand({
            AccessToken: proof.accessToken,
            PreviousPassword: currentPassword,
            ProposedPassword: newPassword,
          }),
        )
        .catch((error: unknown) => {
          if (isPoolError(error, ['NotAuthorizedException'])) throw new PasswordMismatchError();
          throw error;
        }),
    );
  }

  async deleteUser(proof: AccountProof): Promise<void> {
    await guard(() => this.client.send(new DeleteUserCommand({ AccessToken: proof.accessToken })));
  }
}
