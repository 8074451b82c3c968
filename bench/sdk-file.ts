import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SDK_MANIFEST_FILE } from '@pravesh/core/sdk-files.ts';

/**
 * Where a script of the SDK's build is, by its plain name (widgets/pravesh-nudge.js): the build
 * gives every script but the loaders a content-hashed name and lists them in its manifest
 * (packages/sdk/seal.ts); a folder without one keeps the plain names.
 */
export function sdkFile(sdkDistDir: string, plain: string): string {
  const manifestFile = path.join(sdkDistDir, SDK_MANIFEST_FILE);
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, string>)
    : {};
  return path.join(sdkDistDir, manifest[plain] ?? plain);
}
