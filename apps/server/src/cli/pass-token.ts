import { parseArgs } from 'node:util';
import { SITE_IDS, findSite } from '@pravesh/core';
import { ConfigError, loadConfig } from '../config/index.ts';
import { createKeyring } from '../lib/keyring.ts';
import { issuePassToken } from '../modules/shield/index.ts';

/**
 * `npm run pass-token -- --site <id> [--kid <kid>] [--ttl <seconds>]` prints a valid pass token
 * for local testing with curl. It reads the same configuration (PRAVESH_SHIELD_KEYS …) as the server.
 */
const usage = 'usage: npm run pass-token -- --site <id> [--kid <kid>] [--ttl <seconds>]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { site: { type: 'string' }, kid: { type: 'string' }, ttl: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const site = findSite(values.site);
  if (!site) {
    console.error(
      values.site === undefined
        ? usage
        : `${values.site} - is not a valid site-Id. Valid site-Id are ${SITE_IDS.join(', ')}`,
    );
    return 2;
  }
  const config = loadConfig();
  const keyring = createKeyring(config.shieldKeys, config.activeShieldKid);
  if (values.kid !== undefined && !keyring.has(values.kid)) {
    console.error(`kid "${values.kid}" is not in the keyring`);
    return 2;
  }
  const validity = config.sites.get(site.id)!.passTokenValidity;
  const ttl = values.ttl === undefined ? validity : Number(values.ttl);
  if (!Number.isInteger(ttl) || ttl <= 0 || ttl > validity) {
    console.error(`--ttl must be a whole number of seconds from 1 to ${validity}`);
    return 2;
  }
  console.log(await issuePassToken({ keyring, siteId: site.id, validitySeconds: ttl, kid: values.kid }));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
    process.exit(1);
  },
);
