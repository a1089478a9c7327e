import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';

/**
 * The public site settings the landing page and the info pages read (no auth): the token launch
 * announcement and the support address, all from server config (LAUNCH_AT, LAUNCH_PRICE_USD,
 * SUPPORT_EMAIL, PUBLIC_URL).
 */
export const PublicConfig = Type.Object({
  launchAt: Type.String({ format: 'date-time', description: 'moment of the announced token launch (UTC)' }),
  launchPriceUsd: Type.Number({ minimum: 0, description: 'announced launch price of one GOGO in USD' }),
  currentPriceUsd: Type.Number({
    minimum: 0,
    description: 'current price of one GOGO in USD: 0, GOGO are off-chain credits and are not traded',
  }),
  redemptionPriceUsd: Type.Number({
    minimum: 0,
    description: 'what a withdrawal pays per GOGO in USD (REDEMPTION_PRICE_USD): the value the pages show',
  }),
  supportEmail: Type.String({ format: 'email' }),
  publicUrl: Type.String({ description: 'public origin used for canonical links and share tags' }),
});
export type PublicConfig = Static<typeof PublicConfig>;
export const PublicConfigResponse = Ok(PublicConfig);
