import { loadConfig } from '@pravesh/server/config';
import { issuePassToken } from '../apps/server/src/modules/shield/issue-token.ts';
import { createKeyring } from '../apps/server/src/lib/keyring.ts';
import { BENCH_ENV, BENCH_SITE_ID } from './api-process.ts';

/**
 * A pass token for the bench site, signed with the server's own development keys as
 * `npm run pass-token` makes one, and the site key (for sealing authorization keys). It lives as
 * long as the site allows: the verifier refuses tokens that claim more (900 s by default).
 */
export async function benchPass(): Promise<{ token: string; siteKey: Uint8Array<ArrayBuffer> }> {
  const config = loadConfig(BENCH_ENV);
  const keyring = createKeyring(config.shieldKeys, config.activeShieldKid);
  const token = await issuePassToken({
    keyring,
    siteId: BENCH_SITE_ID,
    validitySeconds: config.sites.get(BENCH_SITE_ID)!.passTokenValidity,
  });
  return { token, siteKey: await keyring.siteKey(keyring.activeKid, BENCH_SITE_ID) };
}
