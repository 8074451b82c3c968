import { describe, expect, it } from 'vitest';
import { shieldConfigPath } from '@pravesh/core';
import { getTestInstance } from '../../test/instance.ts';

describe('shield config', () => {
  it("answers the server's clock, which the SDK signs pass tokens on", async () => {
    let time = Date.UTC(2026, 10, 25, 12, 0, 0);
    const server = await getTestInstance('pglite', { now: () => time });
    try {
      const first = await server.app.inject(shieldConfigPath(2));
      expect(first.json<{ response: { serverTime: number } }>().response.serverTime).toBe(time);
      // Read per answer, not cached with the rest of the config.
      time += 90_000;
      const second = await server.app.inject(shieldConfigPath(2));
      expect(second.json<{ response: { serverTime: number } }>().response.serverTime).toBe(time);
    } finally {
      await server.close();
    }
  }, 60_000);
});
