import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { securityHeaders } from '../../plugins/security-headers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/index.ts';
import {
  HUB_ASSET_PREFIX,
  HUB_CONFIG_ELEMENT_ID,
  hubContentSecurityPolicy,
  hubPermissions,
  hubRoutes,
} from './routes.ts';

/** GET /hub: the hub page with its permissions from configuration, framed only by site origins. */

const DEMO_ORIGINS = ['http://localhost:4000', 'http://localhost:4100', 'http://localhost:4101'];

describe('the cross-storage hub page', () => {
  let app: FastifyInstance;
  let distDir: string;
  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'pravesh-hub-'));
    writeFileSync(path.join(distDir, 'hub.js'), '/* hub */');
    app = Fastify({ logger: false });
    await app.register(securityHeaders, { contentSecurityPolicy: false });
    await hubRoutes(app, { config: loadConfig({ PRAVESH_ENV: 'local' }), distDir });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('is HTML with version 1.0.23, a JSON config of the configured origins and no inline script', async () => {
    const response = await app.inject('/hub');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<meta name="pravesh-hub-version" content="1.0.23" />');
    const match = new RegExp(`<script type="application/json" id="${HUB_CONFIG_ELEMENT_ID}">(.*?)</script>`).exec(html);
    const config = JSON.parse(match![1]!) as { permissions: { origin: string; allow: string[] }[] };
    expect(config.permissions.map((permission) => permission.origin).sort()).toEqual(DEMO_ORIGINS);
    for (const permission of config.permissions) {
      expect(permission.allow).toEqual(['get', 'set', 'del', 'clear', 'getKeys']);
    }
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((found) => found[1]!);
    expect(
      scripts.every((attributes) => attributes.includes('type="application/json"') || /src="/.test(attributes)),
    ).toBe(true);
    expect(html).toMatch(new RegExp(`<script src="${HUB_ASSET_PREFIX}hub\\.js\\?v=[\\w-]{12}"></script>`));
  });

  it('may be framed by the configured origins only', async () => {
    const response = await app.inject('/hub');
    const csp = String(response.headers['content-security-policy']);
    const ancestors = /frame-ancestors ([^;]*)/.exec(csp)![1]!.split(' ');
    expect(ancestors.sort()).toEqual(DEMO_ORIGINS);
    expect(csp).toContain("script-src 'self'");
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('serves the built script', async () => {
    const response = await app.inject(`${HUB_ASSET_PREFIX}hub.js`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('/* hub */');
  });
});

describe('hub permissions per origin from configuration', () => {
  const RESTRICTED = 'http://restricted.localhost:4100';
  const config = loadConfig({
    PRAVESH_ENV: 'local',
    PRAVESH_HUB_PERMISSIONS: JSON.stringify({ [RESTRICTED]: ['get', 'getKeys'], 'http://localhost:4101': ['get'] }),
  });

  it('narrows a listed site origin, adds a listed origin with its methods, and lets it frame the hub', () => {
    const permissions = hubPermissions(config);
    const of = (origin: string) => permissions.find((permission) => permission.origin === origin)?.allow;
    expect(of('http://localhost:4100')).toEqual(['get', 'set', 'del', 'clear', 'getKeys']);
    expect(of('http://localhost:4101')).toEqual(['get']);
    expect(of(RESTRICTED)).toEqual(['get', 'getKeys']);
    const ancestors = /frame-ancestors ([^;]*)/.exec(hubContentSecurityPolicy(config))![1]!.split(' ');
    expect(ancestors.sort()).toEqual([...DEMO_ORIGINS, RESTRICTED].sort());
  });

  it.each([
    ['not JSON', '{', /not valid JSON/],
    ['a list', '["get"]', /must be an object/],
    ['a path, not an origin', '{"http://a.example/x": ["get"]}', /not an origin/],
    ['an unknown method', '{"http://a.example": ["get", "wipe"]}', /must be among get, set, del, clear, getKeys/],
  ])('refuses %s', (_name, raw, message) => {
    expect(() => loadConfig({ PRAVESH_ENV: 'local', PRAVESH_HUB_PERMISSIONS: raw })).toThrow(message);
  });
});
