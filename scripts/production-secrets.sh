#!/usr/bin/env bash
# Prints a fresh set of the secrets production refuses to start without (README "Configuration"),
# one KEY=value line each, for an env file (compose.yaml reads .env) or `set -a; . file`.
# scripts/smoke-prod.sh starts its instances on a set made here. Keep the output out of git and logs.
set -euo pipefail

# 32 random bytes, base64url (no "=" padding, which the "kid=secret" lists would split on).
random() { node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('base64url'))"; }

# The kids name the month they were made, so a rotation's new key is told apart (docs/operations.md).
kid=$(date -u +%Y-%m)
cat <<SECRETS
PRAVESH_SHIELD_KEYS=shield-$kid=$(random)
PRAVESH_COOKIE_KEYS=cookie-$kid=$(random)
PRAVESH_PII_HASH_KEY=$(random)
PRAVESH_PII_KEYS=pii-$kid=$(random)
PRAVESH_SSO_TOKEN_KEYS=sso-$kid=$(random)
PRAVESH_OTP_PEPPERS=otp-$kid=$(random)
PRAVESH_SSO_SIGNATURE_KEYS=signature-$kid=$(random)
SECRETS
