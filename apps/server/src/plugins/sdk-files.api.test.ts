import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, getTestInstance, type TestInstance } from '../test/instance.ts';
import { SDK_HASHED_CACHE_CONTROL, SDK_LOADER_CACHE_CONTROL } from './sdk-files.ts';

/**
 * /sdk/ as a browser meets it (RFC 9110 §12.5.3 Accept-Encoding, §12.5.5 Vary; RFC 8246
 * immutable): a build folder laid out as packages/sdk/seal.ts writes it, each script with its .br
 * and .gz copies, served by a real server.
 */
const LOADER = 'var Pravesh = { load: "widgets/pravesh-nudge.0123456789.js" };'.repeat(40);
const WIDGET = 'var PraveshNudge = { render() { return "nudge"; } };'.repeat(40);
const HASHED_WIDGET = 'widgets/pravesh-nudge.0123456789.js';

function writeWithCopies(dir: string, file: string, content: string): void {
  const full = path.join(dir, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  writeFileSync(`${full}.br`, brotliCompressSync(content));
  writeFileSync(`${full}.gz`, gzipSync(content));
}

describe.each(DATABASE_KINDS)('SDK files on %s', (kind) => {
  let server: TestInstance;
  const dist = mkdtempSync(path.join(tmpdir(), 'pravesh-sdk-dist-'));

  beforeAll(async () => {
    writeWithCopies(dist, 'pravesh.js', LOADER);
    writeWithCopies(dist, HASHED_WIDGET, WIDGET);
    server = await getTestInstance(kind, { env: { PRAVESH_SDK_DIST: dist } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    server.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the Brotli copy to a browser that takes br, with Vary: Accept-Encoding', async () => {
    const response = await get('/sdk/pravesh.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(LOADER);
    expect(response.rawPayload.length).toBeLessThan(LOADER.length / 4);
  });

  it('sends the gzip copy when br is not taken, refused with q=0 included', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip']) {
      const response = await get('/sdk/pravesh.js', acceptEncoding);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(gunzipSync(response.rawPayload).toString()).toBe(LOADER);
    }
  });

  it('sends the plain file, still with Vary, to a client that takes no compression', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get('/sdk/pravesh.js', acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.body).toBe(LOADER);
    }
  });

  it('keeps the loader a site’s script tag names for five minutes only', async () => {
    for (const acceptEncoding of [undefined, 'gzip', 'br']) {
      expect((await get('/sdk/pravesh.js', acceptEncoding)).headers['cache-control']).toBe(SDK_LOADER_CACHE_CONTROL);
    }
    expect(SDK_LOADER_CACHE_CONTROL).toBe('public, max-age=300');
  });

  it('caches a content-hashed widget script for a year as immutable, compressed or not', async () => {
    for (const acceptEncoding of [undefined, 'gzip', 'br']) {
      const response = await get(`/sdk/${HASHED_WIDGET}`, acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(SDK_HASHED_CACHE_CONTROL);
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
    }
    expect(SDK_HASHED_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a script name the build does not have', async () => {
    expect((await get('/sdk/widgets/pravesh-nudge.js', 'br')).statusCode).toBe(404);
    expect((await get('/sdk/widgets/pravesh-nudge.9999999999.js')).statusCode).toBe(404);
  });
});
