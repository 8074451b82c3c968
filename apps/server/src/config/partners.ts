import { DEMO_PARTNER_KEY, type Environment } from '@pravesh/core';
import { ConfigError, DEMO_ORIGINS } from './shared.ts';

/**
 * Lending partners that receive leads, for loadConfig():
 *
 * - PRAVESH_PARTNER_CONTINUE_URLS  JSON {lenderId: url}, for offers whose catalogue entry names no
 *                                  apply page; "*" stands for every lender without its own
 *                                  entry. The apply answers the URL with `?ref=<lead reference>`
 *                                  added: an opaque random id, never the customer's number, id or
 *                                  token. Default outside production: the demo partner page of demo
 *                                  site A (apps/demo /partner/apply) for every lender; production has
 *                                  none until configured (an apply then fails with the generic error).
 * - PRAVESH_PARTNER_KEYS           "lenderId=key,lenderId2=key2" ("*" = any lender): the keys partners
 *                                  send in `pb-partner-key` to read a lead by its reference and report
 *                                  its status. At least 32 characters. Only `local` has a built-in one
 *                                  (DEMO_PARTNER_KEY, for the demo partner page); elsewhere the built-in
 *                                  key is refused and, unset, no partner key is accepted.
 */
export interface PartnerConfig {
  readonly continueUrls: ReadonlyMap<string, string>;
  readonly keys: readonly { readonly lenderId: string; readonly key: string }[];
}

/** Any lender without its own entry. */
export const ANY_PARTNER = '*';

type Env = Record<string, string | undefined>;

function continueUrls(raw: string | undefined, environment: Environment): Map<string, string> {
  if (raw === undefined || raw.trim() === '') {
    return new Map<string, string>(
      environment === 'production' ? [] : [[ANY_PARTNER, `${DEMO_ORIGINS.siteA}/partner/apply`]],
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('PRAVESH_PARTNER_CONTINUE_URLS is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('PRAVESH_PARTNER_CONTINUE_URLS must be an object of lender id to URL');
  }
  const urls = new Map<string, string>();
  for (const [lenderId, url] of Object.entries(parsed)) {
    if (typeof url !== 'string' || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
      throw new ConfigError(`PRAVESH_PARTNER_CONTINUE_URLS: ${lenderId} needs an http(s) URL`);
    }
    // Production sends customers only over TLS.
    if (environment === 'production' && new URL(url).protocol !== 'https:') {
      throw new ConfigError(`PRAVESH_PARTNER_CONTINUE_URLS: ${lenderId} must use https in production`);
    }
    urls.set(lenderId, url);
  }
  return urls;
}

function keys(raw: string | undefined, environment: Environment): PartnerConfig['keys'] {
  if (raw === undefined || raw.trim() === '') {
    return environment === 'local' ? [{ lenderId: ANY_PARTNER, key: DEMO_PARTNER_KEY }] : [];
  }
  return raw.split(',').map((pair) => {
    const at = pair.indexOf('=');
    const lenderId = pair.slice(0, at).trim();
    const key = pair.slice(at + 1).trim();
    if (at < 1 || !lenderId || !key) throw new ConfigError('PRAVESH_PARTNER_KEYS must look like "lenderId=key,…"');
    if (key.length < 32) throw new ConfigError(`partner key of ${lenderId} is shorter than 32 characters`);
    if (key === DEMO_PARTNER_KEY && environment !== 'local') {
      throw new ConfigError('PRAVESH_PARTNER_KEYS holds the built-in demo partner key, which only local accepts');
    }
    return { lenderId, key };
  });
}

export function loadPartnerConfig(env: Env, environment: Environment): PartnerConfig {
  return {
    continueUrls: continueUrls(env.PRAVESH_PARTNER_CONTINUE_URLS, environment),
    keys: keys(env.PRAVESH_PARTNER_KEYS, environment),
  };
}
