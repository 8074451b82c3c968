import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SSO_DEV_ROUTES } from '@pravesh/core';
import { OUTBOX_PAGE_ROWS, outboxRoutes } from './dev-routes.ts';
import { OUTBOX_CAPACITY, createOutboxStore } from './outbox.ts';

describe('the dev outbox routes', () => {
  it('list every kept message as JSON, so a code is found after a flood of others; the page shows a screenful', async () => {
    const outbox = createOutboxStore();
    await outbox.add({ channel: 'sms', to: '9800000001', text: '482913 is your code', templateId: 'OTP' });
    // One address filling a prefix's hourly budget, and more: more than a page, fewer than kept.
    const flood = OUTBOX_PAGE_ROWS + 20;
    expect(flood).toBeLessThan(OUTBOX_CAPACITY);
    for (let index = 0; index < flood; index++) {
      await outbox.add({
        channel: 'sms',
        to: `97${String(index).padStart(8, '0')}`,
        text: `${index}`,
        templateId: 'OTP',
      });
    }
    const app = Fastify();
    outboxRoutes(app, outbox);
    const json = (await app.inject(SSO_DEV_ROUTES.outboxJson)).json<{ messages: { to: string; text: string }[] }>();
    expect(json.messages).toHaveLength(flood + 1);
    expect(json.messages.find((message) => message.to === '9800000001')?.text).toBe('482913 is your code');
    const page = (await app.inject(SSO_DEV_ROUTES.outbox)).body;
    expect(page.match(/<tr><td><time/g)).toHaveLength(OUTBOX_PAGE_ROWS);
    expect(page).not.toContain('9800000001');
    await app.close();
  });
});
