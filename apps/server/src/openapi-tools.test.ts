import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestInstance } from './test/instance.ts';
import { tagKey } from './openapi.ts';

/**
 * The document at /docs/json is taken by the tools an integrator reaches for: Redocly's
 * recommended ruleset finds no error in it, and openapi-typescript makes a typed client from it
 * that type-checks in use.
 */

/** A tiny client written against the generated types; each @ts-expect-error proves a type is not `any`. */
const USE = `import type { components, paths } from './api';

type VisitBody = NonNullable<paths['/MSP/api/v1/visit']['post']['requestBody']>['content']['application/json'];
type VisitAnswer = paths['/MSP/api/v1/visit']['post']['responses'][200]['content']['application/json'];
type Refusal = paths['/MSP/api/v1/visit']['post']['responses'][401]['content']['application/json'];
type SdkFile = paths['/sdk/{path}']['get']['parameters']['path']['path'];
type Shared = NonNullable<components['schemas']['JsonValue']>;

export const body: VisitBody = { visitId: '6f1d2e3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f', completeUrl: null };
export const visitorOf = (answer: VisitAnswer): string | undefined => answer.response?.visitorId;
export const codeOf = (refusal: Refusal): string => refusal.statusCode;
export const file: SdkFile = 'pravesh.js';
export const shared: Shared = { nested: [1, 'two', true, null] };

// @ts-expect-error completeUrl is text
export const wrongBody: VisitBody = { completeUrl: 42 };
// @ts-expect-error a visit's siteId is a number
export const wrongSite = (answer: VisitAnswer): string | undefined => answer.response?.siteId;
`;

describe('the OpenAPI document and the usual tools', () => {
  let server: Awaited<ReturnType<typeof getTestInstance>>;
  let source: string;
  let dir: string;
  beforeAll(async () => {
    server = await getTestInstance('pglite');
    const reply = await server.app.inject({ method: 'GET', url: '/docs/json' });
    expect(reply.statusCode).toBe(200);
    source = reply.body;
    dir = await mkdtemp(path.join(tmpdir(), 'pravesh-openapi-'));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("passes Redocly's recommended ruleset with no error", async () => {
    // The configuration as redocly.yaml text: an object literal here is checked against Redocly's
    // 65,000-line config type, which alone took an eighth of the server project's type check.
    const config = await createConfig('extends: [recommended]');
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`);
    expect(errors).toEqual([]);
  }, 60_000);

  it('gives every response a description, one spelling per tag, and named path parameters', () => {
    const doc = JSON.parse(source) as {
      tags: { name: string }[];
      paths: Record<string, Record<string, { summary?: string; responses: Record<string, { description: string }> }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ key: `${method} ${url}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(100);
    const vague = operations.flatMap(({ key, operation }) =>
      Object.entries(operation.responses)
        .filter(([, response]) => !response.description || response.description === 'Default Response')
        .map(([status]) => `${key} ${status}`),
    );
    expect(vague).toEqual([]);
    expect(operations.filter(({ operation }) => !operation.summary).map(({ key }) => key)).toEqual([]);
    const keys = doc.tags.map((tag) => tagKey(tag.name));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(doc.paths).filter((url) => url.includes('{*}'))).toEqual([]);
  });

  it('generates a typed client with openapi-typescript that type-checks in use', async () => {
    const types = astToString(await openapiTS(JSON.parse(source) as Parameters<typeof openapiTS>[0]));
    await writeFile(path.join(dir, 'api.d.ts'), types);
    await writeFile(path.join(dir, 'use.ts'), USE);
    const program = ts.createProgram([path.join(dir, 'use.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
