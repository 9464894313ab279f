import jwt from 'jsonwebtoken';
import { JWT_ALGORITHM, TokenClaimsSchema } from '@cp/service-kit';

/** Reads the session id of a token we signed, accepting an expired one (logout of an old cookie still ends its session). */
export const SESSION_ID = {
  fromToken(token: string, publicKey: string, cfg: { JWT_ISSUER: string; JWT_AUDIENCE: string }): string | undefined {
    try {
      const payload = jwt.verify(token, publicKey, {
        algorithms: [JWT_ALGORITHM],
        issuer: cfg.JWT_ISSUER,
        audience: cfg.JWT_AUDIENCE,
        ignoreExpiration: true,
      });
      const claims = TokenClaimsSchema.safeParse(payload);
      return claims.success ? claims.data.sid : undefined;
    } catch {
      return undefined;
    }
  },
};
