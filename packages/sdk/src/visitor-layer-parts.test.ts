import type { Environment } from '@pravesh/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryCookieJar } from './cookies.ts';
import { memoryStore } from './key-value-store.ts';
import * as maintenance from './maintenance.ts';
import * as storagePart from './storage-part.ts';
import { VISIT_PATH } from './visit-body.ts';

/**
 * The layer's parts (lazy-parts.ts) are loaded when first needed: what the script-tag build turns
 * into script tags is watched here through the two loaders.
 */
const loaders = vi.hoisted(() => ({
  loadStorage: vi.fn<() => Promise<typeof storagePart>>(),
  loadMaintenance: vi.fn<() => Promise<typeof maintenance>>(),
}));
vi.mock('./lazy-parts.ts', () => loaders);

const { createVisitorLayer } = await import('./visitor-layer.ts');

function layerFor(siteId: number, cookies: Record<string, string> = {}) {
  loaders.loadStorage.mockImplementation(() => Promise.resolve(storagePart));
  loaders.loadMaintenance.mockImplementation(() => Promise.resolve(maintenance));
  const client = {
    siteId,
    environment: 'staging' as Environment,
    config: undefined,
    request: vi.fn((_method: string, path: string, options?: { body?: unknown }) =>
      Promise.resolve(path === VISIT_PATH ? { visitId: (options!.body as { visitId: string }).visitId } : {}),
    ),
    track: vi.fn(() => Promise.resolve({})),
    setTrackingData: vi.fn(),
  };
  const logger = { warn: vi.fn() };
  const layer = createVisitorLayer(client as unknown as Parameters<typeof createVisitorLayer>[0], {
    cookieKey: 'cookie-key',
    store: memoryStore(),
    cookies: memoryCookieJar(cookies),
    logger,
    target: new EventTarget(),
    url: () => 'https://cards.example.in/',
  });
  return { layer, logger };
}

afterEach(() => vi.resetAllMocks());

describe('visitor layer parts', () => {
  it('starts a page without loading shared storage or the maintenance', async () => {
    const { layer, logger } = layerFor(7);
    await layer.start();
    await layer.maintain();
    expect(loaders.loadStorage).not.toHaveBeenCalled();
    expect(loaders.loadMaintenance).not.toHaveBeenCalled();
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('loads shared storage once, with the first call, keeping the order of the calls made meanwhile', async () => {
    const { layer } = layerFor(7);
    await layer.start();
    const stored = Promise.all([
      layer.storage.setItem({ id: 'a', type: 'lead', continueUrl: '/a', updatedAt: 1 }),
      layer.storage.setItem({ id: 'b', type: 'lead', continueUrl: '/b', updatedAt: 2 }),
      layer.storage.deleteItem({ id: 'a', type: 'lead' }),
    ]);
    const rows = layer.recentActivity({ sites: [{ siteId: 7, title: 'Cards', subtitle: '', icon: 'card' }] });
    await stored;
    expect((await rows).map((row) => row.id)).toEqual(['b']);
    expect((await layer.storage.getSiteData('7')).data.map((item) => item.id)).toEqual(['b']);
    expect(loaders.loadStorage).toHaveBeenCalled();
    expect(loaders.loadMaintenance).not.toHaveBeenCalled();
  });

  it('refuses an unknown site when the layer is made, as shared storage does', () => {
    expect(() => layerFor(99)).toThrow('99 - is not a valid site-Id');
  });

  it('shows no recent activity while the storage part cannot load, and tries again on the next call', async () => {
    const { layer } = layerFor(7);
    loaders.loadStorage.mockRejectedValueOnce(new Error('offline')).mockRejectedValueOnce(new Error('offline'));
    expect(await layer.recentActivity()).toEqual([]);
    await expect(layer.storage.getAllSiteData()).rejects.toThrow('offline');
    expect(await layer.storage.getAllSiteData()).toEqual({});
  });

  it('loads the maintenance when a purge is due, and logs a part that cannot load', async () => {
    const { layer, logger } = layerFor(7, { big: 'x'.repeat(3600) });
    await layer.start();
    await layer.maintain();
    expect(loaders.loadMaintenance).toHaveBeenCalled();
    expect(logger.warn).not.toHaveBeenCalled();
    const again = layerFor(7, { big: 'x'.repeat(3600) });
    loaders.loadMaintenance.mockRejectedValueOnce(new Error('offline'));
    await again.layer.maintain();
    expect(again.logger.warn).toHaveBeenCalledWith('maintenance not loaded', new Error('offline'));
  });
});
