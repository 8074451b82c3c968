import { createHash } from 'node:crypto';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SDK_HASHED_SCRIPT, SDK_LOADER_FILES, SDK_MANIFEST_FILE } from '@pravesh/core/sdk-files.ts';

/**
 * The last step of the SDK's build (packages/sdk/seal.ts, after the widgets' build): every script
 * but the loaders a site's script tag names gets a content-hashed name, so it can be cached for a
 * year as immutable (RFC 8246) and a new build is fetched under a new name; the scripts that name
 * another script by its plain name (the core script adding the visitor layer, a widget adding the
 * React runtime) are rewritten to name the hashed file. A script's hash is taken after its own
 * references are rewritten, so a changed widget also renames every script that leads to it.
 * Each text file then gets a Brotli and a gzip copy, so the server sends them compressed at no CPU
 * cost per request (@fastify/static preCompressed).
 */

export { SDK_HASHED_SCRIPT as HASHED_NAME, SDK_MANIFEST_FILE as MANIFEST_FILE };

const HASH_LENGTH = 10;

export function hashedName(file: string, content: string): string {
  const digest = createHash('sha256').update(content).digest('hex').slice(0, HASH_LENGTH);
  return file.replace(/\.js$/, `.${digest}.js`);
}

/** A plain script name as a whole word in code: not inside another name (pravesh-sign-in.esm.js). */
function referencePattern(file: string): RegExp {
  const base = path.posix.basename(file).replaceAll('.', '\\.');
  return new RegExp(`(?<![\\w.-])${base}(?![\\w-])`, 'g');
}

/**
 * Renames every script not in `loaders` to its hashed name and rewrites the references to it.
 * `files` maps a path relative to the dist folder (widgets/pravesh-nudge.js) to its code; base
 * names must be unique, since code names a sibling by its base name. Answers the new set of files
 * and the manifest (plain → hashed path).
 */
export function sealScripts(
  files: ReadonlyMap<string, string>,
  loaders: readonly string[] = SDK_LOADER_FILES,
): { files: Map<string, string>; manifest: Record<string, string> } {
  const scripts = [...files.keys()].filter((file) => file.endsWith('.js'));
  const bases = new Set(scripts.map((file) => path.posix.basename(file)));
  if (bases.size !== scripts.length) throw new Error('seal: two scripts share a base name');
  const hashable = scripts.filter((file) => !loaders.includes(file));
  const references = new Map(
    scripts.map((file) => [
      file,
      hashable.filter((other) => other !== file && referencePattern(other).test(files.get(file)!)),
    ]),
  );
  const renamed = new Map<string, string>();
  const rewrite = (file: string) =>
    references
      .get(file)!
      .reduce(
        (code, other) => code.replace(referencePattern(other), path.posix.basename(renamed.get(other)!)),
        files.get(file)!,
      );
  // Leaves first: a script's hash covers the hashed names it refers to.
  const pending = new Set(hashable);
  while (pending.size > 0) {
    const ready = [...pending].filter((file) => references.get(file)!.every((other) => renamed.has(other)));
    if (ready.length === 0)
      throw new Error(`seal: scripts refer to each other in a circle: ${[...pending].join(', ')}`);
    for (const file of ready) {
      renamed.set(file, hashedName(file, rewrite(file)));
      pending.delete(file);
    }
  }
  const out = new Map<string, string>();
  for (const [file, content] of files) {
    if (!file.endsWith('.js')) out.set(file, content);
    else out.set(renamed.get(file) ?? file, rewrite(file));
  }
  return { files: out, manifest: Object.fromEntries([...renamed].sort(([a], [b]) => a.localeCompare(b))) };
}

/** The Brotli (best) and gzip -9 copies the server sends by Accept-Encoding (RFC 9110 §8.4.1). */
export function compressedCopies(content: string | Buffer): { br: Buffer; gz: Buffer } {
  return {
    br: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gz: gzipSync(content, { level: 9 }),
  };
}
