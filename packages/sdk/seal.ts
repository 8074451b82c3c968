/**
 * `npm run seal -w @pravesh/sdk`, the last step of the SDK's build (after packages/widgets' build,
 * which writes into dist/widgets/): content-hashed names for every script but the loaders, and
 * .br/.gz copies of every script and of the manifest (build-tools/seal.ts). Run again, it starts
 * from the plain names, so a rebuilt widgets folder is sealed with the rest.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressedCopies, HASHED_NAME, MANIFEST_FILE, sealScripts } from './build-tools/seal.ts';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');

const names = (await readdir(dist, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
// A sealed folder's scripts name each other by hashed names: back to the plain ones first.
const previous = names.includes(MANIFEST_FILE)
  ? (JSON.parse(await readFile(path.join(dist, MANIFEST_FILE), 'utf8')) as Record<string, string>)
  : {};
const unseal = (code: string) =>
  Object.entries(previous).reduce(
    (out, [plain, hashed]) => out.replaceAll(path.posix.basename(hashed), path.posix.basename(plain)),
    code,
  );
const files = new Map<string, string>();
for (const name of names) {
  const full = path.join(dist, name);
  // Compressed copies and the manifest are made again below; a sealed script goes back to its plain name.
  if (/\.(br|gz)$/.test(name) || name === MANIFEST_FILE) {
    await rm(full);
    continue;
  }
  if (!name.endsWith('.js')) continue;
  files.set(name.replace(HASHED_NAME, '.js'), unseal(await readFile(full, 'utf8')));
  await rm(full);
}
const sealed = sealScripts(files);
const manifest = `${JSON.stringify(sealed.manifest, null, 2)}\n`;
for (const [name, content] of [...sealed.files, [MANIFEST_FILE, manifest] as const]) {
  const full = path.join(dist, name);
  const { br, gz } = compressedCopies(content);
  await Promise.all([writeFile(full, content), writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
}
console.log(
  `sealed ${Object.keys(sealed.manifest).length} scripts with hashed names; dist/${MANIFEST_FILE} lists them`,
);
