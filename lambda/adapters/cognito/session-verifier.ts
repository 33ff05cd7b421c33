import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { Fetcher } from 'aws-jwt-verify/https';
import type { Identity, SessionVerifier } from '../../core/accounts/accounts';
import { SessionRequiredError, StoreUnavailableError } from '../../core/shared/errors';

export interface VerifierSettings {
  /** https://cognito-idp.<region>.amazonaws.com on AWS; cognito-local's own URL locally. */
  issuerBase: string;
  userPoolId: string;
  clientId: string;
}

/**
 * The library's own fetcher speaks HTTPS only; cognito-local serves its signing keys over HTTP. Node's
 * fetch speaks both, so one verifier serves both hosts.
 */
class SigningKeysUnavailableError extends Error {}

const fetchKeys: Fetcher = {
  fetch: async (uri) => {
    try {
      const response = await fetch(uri, { signal: AbortSignal.timeout(3000) });
      if (!response.ok) throw new Error(`Signing keys answered ${response.status}`);
      return await response.arrayBuffer();
    } catch (error) {
      throw new SigningKeysUnavailableError("The user pool's signing keys could not be read", { cause: error });
    }
  },
};

/** ID tokens of our pool and app client, checked against the pool's published signing keys. */
export const cognitoSessionVerifier = (settings: VerifierSettings): SessionVerifier => {
  const issuer = `${settings.issuerBase}/${settings.userPoolId}`;
  const verifier = JwtRsaVerifier.create(
    {
      issuer,
      audience: settings.clientId,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'id') throw new Error('Not an ID token');
      },
    },
    { jwksCache: new SimpleJwksCache({ fetcher: fetchKeys }) },
  );
  return {
    verify: async (token: string): Promise<Identity> => {
      let payload: Record<string, unknown>;
      try {
        payload = await verifier.verify(token);
      } catch (error) {
        // The pool being unreachable is ours to retry, not the person's session being bad.
        if (error instanceof SigningKeysUnavailableError) throw new StoreUnavailableError(1, { cause: error });
        throw new SessionRequiredError();
      }
      const { sub, email } = payload;
      if (typeof sub !== 'string' || typeof email !== 'string') throw new SessionRequiredError();
      return { owner: sub, email };
    },
  };
};
