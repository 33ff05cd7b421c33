import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  CognitoIdentityProviderServiceException,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Accounts, Session } from '../../core/accounts/accounts';
import {
  ConflictError,
  ForbiddenError,
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
      return new ValidationError('password does not meet the password policy');
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      // Sign-in says "wrong email or password" itself; elsewhere this is a session that is not valid.
      return new SessionRequiredError();
    case 'UserNotConfirmedException':
      return new ForbiddenError('Confirm your email first: enter the code we sent you');
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
      return new ValidationError('The code is wrong or has expired');
    case 'InvalidParameterException':
      return new ValidationError('email or password is not valid');
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
    const result = await guard(() =>
      this.client
        .send(
          new InitiateAuthCommand({
            ClientId: this.settings.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: password },
          }),
        )
        .catch((error: unknown) => {
          if (error instanceof CognitoIdentityProviderServiceException && WRONG_CREDENTIALS.includes(error.name)) {
            throw new SessionRequiredError('Wrong email or password');
          }
          throw error;
        }),
    );
    const tokens = result.AuthenticationResult;
    // A challenge (a new password, MFA) is not offered by our pool; meeting one is a configuration error.
    if (!tokens?.IdToken || !tokens.RefreshToken) throw new Error(`Unexpected sign-in challenge ${result.ChallengeName ?? ''}`);
    return { idToken: tokens.IdToken, refreshToken: tokens.RefreshToken, expiresIn: tokens.ExpiresIn ?? 3600 };
  }

  async signOut(refreshToken: string): Promise<void> {
    await guard(() => this.client.send(new RevokeTokenCommand({ ClientId: this.settings.clientId, Token: refreshToken })));
  }
}
