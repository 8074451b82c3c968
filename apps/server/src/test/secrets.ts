/**
 * Secrets for tests that load an environment other than `local` (every other
 * environment refuses to start with the built-in development keys). Test-only values: long
 * enough for the keyrings' minimum lengths and different from every built-in key.
 */
export const TEST_DEPLOYMENT_SECRETS: Readonly<Record<string, string>> = {
  PRAVESH_SHIELD_KEYS: 'test-shield-2026-11=test-only-shield-secret-0123456789abcdef',
  PRAVESH_COOKIE_KEYS: 'test-cookie-2026-11=test-only-cookie-key-0123',
  PRAVESH_PII_HASH_KEY: 'test-only-pii-hash-key-0123456789abcdef0123',
  // 32 bytes of base64 (config/pii.ts): "test-only-personal-data-key-32b!".
  PRAVESH_PII_KEYS: `test-pii-2026-11=${Buffer.from('test-only-personal-data-key-32b!').toString('base64')}`,
  PRAVESH_SSO_TOKEN_KEYS: 'test-sso-2026-11=test-only-sso-token-key-0123456789abcdef',
  PRAVESH_OTP_PEPPERS: 'test-otp-2026-11=test-only-otp-pepper-0123456789abcdef01',
};

/** The secrets an environment needs to load in a test: none for `local`, all of them otherwise. */
export function testSecretsFor(environment: string | undefined): Record<string, string> {
  return environment === undefined || environment === 'local' ? {} : { ...TEST_DEPLOYMENT_SECRETS };
}
