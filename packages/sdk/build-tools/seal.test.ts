import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedCopies, HASHED_NAME, hashedName, sealScripts } from './seal.ts';

const BUILD = new Map([
  ['pravesh.js', 'load("pravesh-visitor.js");load("widgets/pravesh-nudge.js")'],
  ['pravesh-visitor.js', 'worker("pravesh-purge-worker.js")'],
  ['pravesh-purge-worker.js', 'purge()'],
  ['widgets/pravesh-nudge.js', 'sibling("pravesh-react.js")'],
  ['widgets/pravesh-react.js', 'React'],
  ['widgets/pravesh-sign-in.esm.js', 'esm'],
  ['widgets/pravesh-sign-in.js', 'sibling("pravesh-react.js")'],
]);

describe('sealScripts', () => {
  it('renames every script but the loader and points the references at the hashed names', () => {
    const { files, manifest } = sealScripts(BUILD);
    expect(Object.keys(manifest).sort()).toEqual([...BUILD.keys()].filter((file) => file !== 'pravesh.js').sort());
    for (const hashed of Object.values(manifest)) {
      expect(hashed).toMatch(HASHED_NAME);
      expect(files.has(hashed)).toBe(true);
    }
    expect(files.get('pravesh.js')).toBe(
      `load("${manifest['pravesh-visitor.js']}");load("${manifest['widgets/pravesh-nudge.js']}")`,
    );
    expect(files.get(manifest['widgets/pravesh-nudge.js']!)).toBe(
      `sibling("${manifest['widgets/pravesh-react.js']!.replace('widgets/', '')}")`,
    );
    // pravesh-sign-in.js is not a part of pravesh-sign-in.esm.js's name: that one is left alone.
    expect(files.get(manifest['widgets/pravesh-sign-in.esm.js']!)).toBe('esm');
  });

  it('gives a script a new name when a script it leads to changes, and the same name otherwise', () => {
    const first = sealScripts(BUILD).manifest;
    expect(sealScripts(BUILD).manifest).toEqual(first);
    const changed = sealScripts(new Map([...BUILD, ['widgets/pravesh-react.js', 'React 2']])).manifest;
    expect(changed['widgets/pravesh-react.js']).not.toBe(first['widgets/pravesh-react.js']);
    expect(changed['widgets/pravesh-nudge.js']).not.toBe(first['widgets/pravesh-nudge.js']);
    expect(changed['pravesh-visitor.js']).toBe(first['pravesh-visitor.js']);
  });

  it('refuses scripts that lead to each other in a circle', () => {
    const circle = new Map([
      ['pravesh.js', ''],
      ['a.js', 'b.js'],
      ['b.js', 'a.js'],
    ]);
    expect(() => sealScripts(circle)).toThrow(/circle/);
  });

  it('names by the content: ten hex digits of its SHA-256', () => {
    expect(hashedName('widgets/x.js', 'abc')).toBe('widgets/x.ba7816bf8f.js');
  });
});

describe('compressedCopies', () => {
  it('makes Brotli and gzip copies that decompress to the file', () => {
    const code = 'var Pravesh = {};'.repeat(100);
    const { br, gz } = compressedCopies(code);
    expect(brotliDecompressSync(br).toString()).toBe(code);
    expect(gunzipSync(gz).toString()).toBe(code);
    expect(br.length).toBeLessThan(code.length / 10);
  });
});
