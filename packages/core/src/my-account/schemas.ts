import { z } from 'zod';
import { personalDetailsViewSchema } from '../profile/schemas.ts';

/**
 * My Account's own session calls (spec 001 §7 "Internal service"): the spec names the paths and not
 * their payloads, so the shapes here are ours. Every one needs the customer's access token (the pass
 * token's sso strategy or pb-access-token); who the customer is comes from that token, never from a
 * body alone.
 */
export { MY_ACCOUNT_ROUTES } from './routes.ts';

/** The session the access token belongs to. */
export const myAccountSessionResponseSchema = z.object({
  customerId: z.uuid(),
  /** ISO 8601: when the sign-on session ends unless renewed. */
  sessionExpiresAt: z.iso.datetime(),
  /** The site the token was issued to (its audience). */
  siteId: z.number().int(),
});
export type MyAccountSession = z.infer<typeof myAccountSessionResponseSchema>;

export const myAccountLogoutResponseSchema = z.object({ loggedOut: z.literal(true) });

/** getCustomerDetails names the customer it asks about; the token must be that customer's. */
export const customerDetailsBodySchema = z.object({ customerId: z.uuid() });

export const customerDetailsResponseSchema = z.object({
  customerId: z.uuid(),
  mobileNo: z.string(),
  email: z.string().nullable(),
  /** ISO 8601: when the customer first signed in. */
  customerSince: z.iso.datetime(),
  /** The personal details the customer saved (PAN masked); null until they save them. */
  personalDetails: personalDetailsViewSchema.nullable(),
});
export type CustomerDetails = z.infer<typeof customerDetailsResponseSchema>;
