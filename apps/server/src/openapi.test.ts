import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_ROUTES, CREDIT_ROUTE_METHODS } from '@pravesh/core';
import { getTestInstance, type TestInstance } from './test/instance.ts';
import { WILDCARD_PARAM, isUndocumented } from './openapi.ts';

interface Operation {
  security?: Record<string, string[]>[];
  responses?: Record<string, { description?: string }>;
  'x-rate-limit'?: string;
  tags?: string[];
}
interface Document {
  info: { description: string };
  tags: { name: string; description?: string }[];
  security?: unknown;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { description?: string }>; securitySchemes: Record<string, unknown> };
}

/**
 * Every route the app answers, from app.printRoutes(): Fastify's radix tree, whose lines read
 * "│   ├── segment (GET, HEAD)", each node's path continuing its parent's (nodes without methods
 * are shared prefixes). The default form is used: commonPrefix false merges /hub/* and /hub-assets/*.
 */
function answeredRoutes(tree: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const segment = match[2] === '(empty root node)' ? '' : match[2]!;
    const path = (stack[depth - 1] ?? '') + segment;
    stack.push(path);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) routes.push({ method, path });
  }
  return routes;
}

/** Fastify's :param and * as the document writes them ({param}, and the wildcard a named parameter). */
const openapiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, `{${WILDCARD_PARAM}}`);
/** A concrete URL for a documented path. */
const concrete = (path: string) =>
  path.replace(new RegExp(`\\{${WILDCARD_PARAM}\\}$`), 'pravesh.js').replace(/\{[^}]+\}/g, 'x');
/** A documented path as Fastify declared it. */
const fastifyPath = (path: string) =>
  path.replace(new RegExp(`\\{${WILDCARD_PARAM}\\}$`), '*').replace(/\{([^}]+)\}/g, ':$1');

describe('OpenAPI document', () => {
  let server: TestInstance;
  let doc: Document;
  beforeAll(async () => {
    // The local environment registers the development routes too: they are listed like the others.
    server = await getTestInstance('pglite');
    const reply = await server.app.inject({ method: 'GET', url: '/docs/json' });
    expect(reply.statusCode).toBe(200);
    doc = reply.json<Document>();
  });
  afterAll(() => server?.close());

  it('declares every tag it uses, and gives every service route its error answers', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
    );
    const declared = new Set(doc.tags.map((tag) => tag.name));
    const undeclared = [...new Set(operations.flatMap(({ operation }) => operation.tags ?? []))].filter(
      (tag) => !declared.has(tag),
    );
    expect(undeclared).toEqual([]);
    // Every /MSP and /BSP route can refuse (a pass token, a customer, the input): its 4xx are listed.
    const withoutErrors = operations
      .filter(({ key }) => / \/(MSP|BSP)\//.test(key))
      .filter(({ operation }) => !Object.keys(operation.responses ?? {}).some((status) => /^4\d\d$/.test(status)))
      .map(({ key }) => key);
    expect(withoutErrors).toEqual([]);
    const responses = (path: string, method: string) => doc.paths[path]![method]!.responses!;
    expect(responses('/BSP/api/v1/myAccount/supportMail', 'post')['429']!.description).toContain('supportQueryLimit');
    expect(responses('/GRIDSP/api/v1/chat/release', 'post')['404']!.description).toContain('chatNotFound');
    expect(responses('/MSP/api/v1/ondc/loans', 'get')['401']!.description).toContain('Token not validated');
  });

  it('lists every route that answers', () => {
    const routes = answeredRoutes(server.app.printRoutes());
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes
      .filter(({ method, path }) => !isUndocumented(method, path))
      .filter(({ method, path }) => !doc.paths[openapiPath(path)]?.[method.toLowerCase()])
      .map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
    for (const listed of [
      '/healthz',
      '/readyz',
      '/listener',
      '/authorize',
      '/hub',
      '/.well-known/oauth-authorization-server',
    ]) {
      expect(doc.paths[listed], listed).toBeDefined();
    }
  });

  it('every route it lists answers (none falls through to not-found)', async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
    );
    expect(operations.length).toBeGreaterThan(20);
    for (const { path, method } of operations) {
      const url = concrete(path);
      const reply = await server.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' ? undefined : {},
      });
      const fellThrough =
        reply.statusCode === 404 &&
        /"statusCode":"notFound"|<html/i.test(reply.body) &&
        !server.app.hasRoute({
          method: method,
          url: fastifyPath(path),
        });
      expect(fellThrough, `${method} ${url} answered ${reply.statusCode}`).toBe(false);
    }
  });

  it('documents every credit route with its method, access token and error codes', () => {
    for (const [route, path] of Object.entries(CREDIT_ROUTES)) {
      const method = CREDIT_ROUTE_METHODS[route as keyof typeof CREDIT_ROUTES].toLowerCase();
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.tags).toEqual(['credit']);
      expect(operation!.security).toEqual([{ passToken: [], accessToken: [] }]);
      expect(operation!.responses!['401']!.description).toContain('Token not validated');
    }
    const pull = doc.paths[CREDIT_ROUTES.pullReport]!.post!;
    expect(pull.responses!['502']!.description).toContain('Unable to fetch details');
    expect(pull.responses!['504']!.description).toContain('bureauTimeout');
    expect(pull.responses!['403']!.description).toContain('bureauConsentRequired');
    expect(doc.paths[CREDIT_ROUTES.getCreditReport]!.get!.responses!['404']!.description).toContain('notFound');
  });

  it('asks for a pass token only where the shield checks one, and models OAuth client authentication', () => {
    expect(doc.security).toBeUndefined();
    const op = (path: string, method = 'get') => doc.paths[path]![method]!;
    expect(op('/MSP/api/v1/pbguc/event/produce', 'post').security).toEqual([{ passToken: [] }]);
    expect(op('/MSP/api/v1/visit', 'post').security).toEqual([{ passToken: [] }]);
    for (const open of ['/healthz', '/readyz', '/.well-known/oauth-authorization-server', '/listener', '/authorize']) {
      expect(op(open).security, open).toEqual([]);
    }
    expect(op('/SSOSP/oauth/token', 'post').security).toEqual([{ oauthClientBasic: [] }, { oauthClientPost: [] }, {}]);
    expect(op('/SSOSP/oauth/userinfo').security).toEqual([{ oauthBearer: [] }]);
    expect(Object.keys(doc.components.securitySchemes)).toEqual(
      expect.arrayContaining(['passToken', 'oauthClientBasic', 'oauthClientPost', 'oauthBearer', 'oauth2']),
    );
  });

  it("names the token that 'Try it out' on this page may use, and that token passes the origin check", async () => {
    // The page is served from the API host, so its calls carry that Origin (a POST's Origin; a GET's Referer).
    const fromDocs = { origin: server.config.publicUrl, referer: `${server.config.publicUrl}/docs/static/index.html` };
    const site = /Try it out on this page\.\*\* This page runs on the origin of site (\d+)/.exec(doc.info.description);
    expect(site, doc.info.description).not.toBeNull();
    expect(doc.info.description).toContain(`npm run -s pass-token -- --site ${site![1]}`);
    const produce = async (token: string) =>
      server.app.inject({
        method: 'POST',
        url: '/MSP/api/v1/pbguc/event/produce',
        headers: { ...fromDocs, 'pb-pass-token': token, 'content-type': 'application/json' },
        payload: [{ event: 'docs_try_it_out', category: 'docs' }],
      });
    const named = await produce(await server.token(Number(site![1])));
    expect(named.statusCode, named.body).toBe(200);
    // The binding stays: site 2's token (the curl example's) is still refused from this origin.
    const other = await produce(await server.token(2));
    expect(other.statusCode).toBe(403);
    expect(other.json<{ statusCode: string }>().statusCode).toBe('authenticationException');
  });

  it('explains the pass token and how to get one', () => {
    expect(doc.info.description).toContain('pb-pass-token');
    expect(doc.info.description).toContain('How to get one');
    expect(doc.info.description).toContain('npm run -s pass-token');
  });

  it('names shared schemas, documents error codes and rate limits per route, and shows no bare Buffer shape', () => {
    for (const name of ['ErrorEnvelope', 'AnalyticsEvent', 'Visit', 'VisitRequest', 'ContractText']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    const check = doc.paths['/MSP/api/v1/puckar/check']!.post!;
    expect(check.responses!['400']!.description).toContain('puckar contractId is required');
    expect(check.responses!['401']!.description).toContain('clientTokenMissingException');
    expect(doc.paths['/SSOSP/api/v1/customer/otp']!.post!['x-rate-limit']).toMatch(/per number per hour/);
    // contractText is the named ContractText component, described as the markup's bytes.
    const text = JSON.stringify(doc.paths['/MSP/api/v1/puckar/check']);
    expect(text).not.toContain('"Buffer"');
    expect(doc.components.schemas.ContractText!.description).toContain('UTF-8 bytes');
    expect(JSON.stringify(doc.components.schemas.ConsentCheckResponse)).toContain('#/components/schemas/ContractText');
  });
});

/** /docs in production only when switched on (config docsEnabled, PRAVESH_DOCS_ENABLED). */
describe('where the OpenAPI document is served', () => {
  const PRODUCTION = {
    PRAVESH_ENV: 'production',
    PRAVESH_SITE_CONFIG: JSON.stringify({ '2': { origins: ['https://www.example.in'] } }),
    PRAVESH_SMS_PROVIDER: 'http',
    PRAVESH_SMS_HTTP_URL: 'https://sms.example.in/send',
  };
  const statuses = async (env: Record<string, string>) => {
    const server = await getTestInstance('pglite', { env });
    try {
      const answers: number[] = [];
      for (const url of ['/docs', '/docs/json', '/docs/static/index.html']) {
        answers.push((await server.app.inject({ method: 'GET', url })).statusCode);
      }
      return answers;
    } finally {
      await server.close();
    }
  };

  it('is not served in production by default', async () => {
    expect(await statuses(PRODUCTION)).toEqual([404, 404, 404]);
  }, 60_000);

  it('is served in production when PRAVESH_DOCS_ENABLED=1, and outside production by default', async () => {
    for (const env of [{ ...PRODUCTION, PRAVESH_DOCS_ENABLED: '1' }, { PRAVESH_ENV: 'staging' }]) {
      const [page, json, viewer] = await statuses(env);
      expect(page, JSON.stringify(env)).toBeLessThan(400);
      expect(viewer, JSON.stringify(env)).toBeLessThan(400);
      expect(json, JSON.stringify(env)).toBe(200);
    }
    expect(await statuses({ PRAVESH_ENV: 'staging', PRAVESH_DOCS_ENABLED: '0' })).toEqual([404, 404, 404]);
  }, 60_000);
});
