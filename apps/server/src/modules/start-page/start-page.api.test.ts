import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestInstance, type TestInstance } from '../../test/instance.ts';

/** The page's inline blocks, and whether the CSP allows each by its hash (a browser runs nothing else). */
function inlineBlocksAllowed(html: string, csp: string, tag: 'script' | 'style'): boolean[] {
  const blocks = [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => match[1]!);
  return blocks.map((text) => csp.includes(`'sha256-${createHash('sha256').update(text).digest('base64')}'`));
}

describe("the API host's start page and SDK file list", () => {
  let server: TestInstance;
  let sdkDir: string;
  beforeAll(async () => {
    sdkDir = await mkdtemp(path.join(tmpdir(), 'pravesh-sdk-'));
    await writeFile(path.join(sdkDir, 'pravesh.esm.js'), 'export {};\n');
    await writeFile(path.join(sdkDir, 'pravesh.js'), '/* sdk */\n'.repeat(300));
    await writeFile(path.join(sdkDir, 'notes.txt'), 'not a script');
    server = await getTestInstance('pglite', { env: { PRAVESH_SDK_DIST: sdkDir } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await rm(sdkDir, { recursive: true, force: true });
  });

  it('answers / with a page that leads to the demo sites, /docs, the SDK and a sign-in link that uses PKCE', async () => {
    const reply = await server.app.inject({ method: 'GET', url: '/' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
    const html = reply.body;
    for (const href of ['http://localhost:4100/', 'http://localhost:4101/', '/myaccount/', '/docs', '/sdk/']) {
      expect(html, href).toContain(`href="${href}"`);
    }
    const settings = JSON.parse(
      /<script type="application\/json" id="sign-in-settings">(.*?)<\/script>/.exec(html)![1]!,
    ) as Record<string, string>;
    expect(settings).toEqual({
      clientId: 'pravesh-start-page',
      redirectUri: `${server.config.publicUrl}/`,
      authorizeUrl: `${server.config.publicUrl}/authorize`,
      tokenUrl: `${server.config.publicUrl}/SSOSP/oauth/token`,
      userinfoUrl: `${server.config.publicUrl}/SSOSP/oauth/userinfo`,
    });
    expect(html).toContain("code_challenge_method: 'S256'");
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(inlineBlocksAllowed(html, csp, 'style')).toEqual([true]);
    // The settings block is data (type application/json); the one script that runs is allowed by hash.
    expect(inlineBlocksAllowed(html, csp, 'script')).toEqual([true]);
  });

  it('opens /authorize for the start page client without refusing the link', async () => {
    const query = new URLSearchParams({
      client_id: 'pravesh-start-page',
      redirect_uri: `${server.config.publicUrl}/`,
      scope: 'myaccount',
      state: 'start-page',
      code_challenge: createHash('sha256')
        .update('start-page-verifier-0123456789-abcdefghijklmnop')
        .digest('base64url'),
      code_challenge_method: 'S256',
    });
    const reply = await server.app.inject({ method: 'GET', url: `/authorize?${query.toString()}` });
    expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
  });

  it('lists the SDK scripts at /sdk/ (the script-tag build first, with sizes), and /sdk leads there', async () => {
    const reply = await server.app.inject({ method: 'GET', url: '/sdk/' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    const files = [...reply.body.matchAll(/<a href="\/sdk\/([^"]+)"><code>/g)].map((match) => match[1]);
    expect(files).toEqual(['pravesh.js', 'pravesh.esm.js']);
    expect(reply.body).toContain('2.9 KB');
    expect(reply.body).toContain(`&lt;script src=&quot;${server.config.publicUrl}/sdk/pravesh.js&quot;`);
    const file = await server.app.inject({ method: 'GET', url: '/sdk/pravesh.esm.js' });
    expect(file.body).toBe('export {};\n');
    const bare = await server.app.inject({ method: 'GET', url: '/sdk' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/sdk/');
  });

  it('in production shows no demo sites and no sign-in link, and says when the SDK is not built', async () => {
    const production = await getTestInstance('pglite', {
      env: {
        PRAVESH_ENV: 'production',
        PRAVESH_SITE_CONFIG: JSON.stringify({ '2': { origins: ['https://www.example.in'] } }),
        PRAVESH_SMS_PROVIDER: 'http',
        PRAVESH_SMS_HTTP_URL: 'https://sms.example.in/send',
        PRAVESH_SDK_DIST: path.join(sdkDir, 'missing'),
      },
    });
    try {
      const home = await production.app.inject({ method: 'GET', url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).not.toContain('localhost:4100');
      expect(home.body).not.toContain('sign-in-settings');
      expect(home.body).not.toContain('href="/docs"');
      const sdk = await production.app.inject({ method: 'GET', url: '/sdk/' });
      expect(sdk.body).toContain('has not been built');
    } finally {
      await production.close();
    }
  }, 60_000);
});
