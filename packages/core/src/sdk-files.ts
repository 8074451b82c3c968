/**
 * How the SDK's files are named once built (packages/sdk/build-tools/seal.ts) and so how the API
 * server caches them (apps/server/src/plugins/sdk-files.ts). A site's script tag names a loader by
 * its plain name, so a loader must be revalidated soon after a release; every other script is
 * reached through a loader under a name that carries its content's hash, so it never changes and
 * may be cached for a year as immutable (RFC 8246).
 */

/** What a site's script tag (pravesh.js) or a module script (pravesh.esm.js) names. */
export const SDK_LOADER_FILES: readonly string[] = ['pravesh.js', 'pravesh.esm.js'];
/** The plain → hashed names of a build, beside the scripts. */
export const SDK_MANIFEST_FILE = 'assets.json';
/** name.0123456789.js: ten hex digits of the SHA-256 of the file's final content. */
export const SDK_HASHED_SCRIPT = /\.[0-9a-f]{10}\.js$/;
