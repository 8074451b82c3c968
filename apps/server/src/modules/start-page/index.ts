import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ACCOUNTS_PAGES, SSO_ROUTES } from '@pravesh/core';
import type { ModuleDeps } from '../../config/deps.ts';
import { DEMO_ORIGINS, START_PAGE_CLIENT_ID, type AppConfig } from '../../config/index.ts';
import { START_PAGE_CSP, sdkPage, startPage, type SdkFile, type StartPageLinks } from './pages.ts';

/**
 * The API host's start page ("/") and the SDK's file list ("/sdk/"): what an integrator who opens
 * the host sees instead of a JSON 404 (README "Quick start").
 */

function links(config: AppConfig): StartPageLinks {
  const local = config.environment !== 'production';
  const client = config.sso.clients.find((candidate) => candidate.clientId === START_PAGE_CLIENT_ID);
  const redirectUri = `${config.publicUrl}/`;
  return {
    demoSites: local
      ? [
          { name: 'Kosh', what: 'Demo site A: the marketplace homepage (site 2)', url: `${DEMO_ORIGINS.siteA}/` },
          { name: 'Kosh Cards', what: 'Demo site B: the credit-card site (site 7)', url: `${DEMO_ORIGINS.siteB}/` },
          { name: 'My Account', what: "The customer's dashboard on this host", url: '/myaccount/' },
        ]
      : [],
    docsEnabled: config.docsEnabled,
    sdkBuilt: sdkFiles(config.sdkDistDir).length > 0,
    ...(local && client?.redirectUris.includes(redirectUri)
      ? {
          signIn: {
            clientId: client.clientId,
            redirectUri,
            authorizeUrl: `${config.publicUrl}${ACCOUNTS_PAGES.authorize}`,
            tokenUrl: `${config.publicUrl}${SSO_ROUTES.oauthToken}`,
            userinfoUrl: `${config.publicUrl}${SSO_ROUTES.oauthUserinfo}`,
          },
        }
      : {}),
  };
}

/** The SDK build's top-level scripts, the script-tag build first. */
function sdkFiles(dir: string): SdkFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const rank = (name: string) => (name === 'pravesh.js' ? 0 : name === 'pravesh.esm.js' ? 1 : 2);
  return names
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, bytes: statSync(path.join(dir, name)).size }))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

function sendPage(reply: FastifyReply, html: string): FastifyReply {
  return (
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', START_PAGE_CSP)
      // The sign-in link comes back here with ?code=…: no other site may read it from a Referer.
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .send(html)
  );
}

export const startPageModule: FastifyPluginAsync<ModuleDeps> = (app, { config }) => {
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply, startPage(links(config))));
  app.get('/sdk/', { schema: { hide: true } }, (_request, reply) =>
    sendPage(reply, sdkPage(sdkFiles(config.sdkDistDir), config.publicUrl)),
  );
  app.get('/sdk', { schema: { hide: true } }, (_request, reply) => reply.redirect('/sdk/', 301));
  return Promise.resolve();
};
