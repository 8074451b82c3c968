import { describe, expect, it } from 'vitest';
import { formatLogLine, loggerOptions, redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('hides secret query values and keeps the rest', () => {
    expect(redactUrl('/MSP/api/v1/x?pb-pass-token=abc.def.ghi&siteId=2')).toBe(
      '/MSP/api/v1/x?pb-pass-token=%5Bredacted%5D&siteId=2',
    );
    expect(redactUrl('/a?glssKey=k&signature=s&otp=123456')).not.toMatch(/=k|=s|123456/);
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/MSP/api/v1/myAccount/dataExport/download?link=abc.sig')).toBe(
      '/MSP/api/v1/myAccount/dataExport/download?link=%5Bredacted%5D',
    );
  });

  it("hides the caller-ID request nonce in its routes' paths", () => {
    expect(redactUrl('/SSOSOCKET/api/v1/oauth/request/n0nce_123?x=1')).toBe(
      '/SSOSOCKET/api/v1/oauth/request/[redacted]?x=1',
    );
    expect(redactUrl('/dev/caller-id/n0nce_123/approve')).toBe('/dev/caller-id/[redacted]/approve');
    expect(redactUrl('/SSOSOCKET/api/v1/oauth/request')).toBe('/SSOSOCKET/api/v1/oauth/request');
  });
});

describe('formatLogLine (local terminal)', () => {
  const line = (record: Record<string, unknown>) =>
    JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1, 10, 0, 0), pid: 1, hostname: 'h', ...record });

  it('drops the two lines of a request that went well', () => {
    expect(formatLogLine(line({ msg: 'incoming request', req: { method: 'GET', url: '/' } }))).toBeUndefined();
    expect(
      formatLogLine(line({ msg: 'request completed', res: { statusCode: 200 }, responseTime: 3.2 })),
    ).toBeUndefined();
  });

  it('keeps a refused request as one short line', () => {
    const text = formatLogLine(
      line({
        msg: 'request completed',
        req: { method: 'GET', url: '/nope' },
        res: { statusCode: 404 },
        responseTime: 2.4,
      }),
    );
    expect(text).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/nope → 404 \(2 ms\)\n$/);
    expect(text).not.toContain('{');
  });

  it('prints other records as text with their fields, and errors with their stack', () => {
    expect(formatLogLine(line({ level: 40, msg: 'SMS kept', sms: { to: '98******10' } }))).toMatch(
      /WARN {2}SMS kept {2}to=98\*{6}10\n$/,
    );
    expect(formatLogLine(line({ level: 50, msg: 'boom', err: { message: 'x', stack: 'Error: x\n  at y' } }))).toContain(
      'ERROR boom\nError: x\n  at y\n',
    );
    expect(formatLogLine('not json')).toBe('not json\n');
  });

  it('is what the local environment gets, while a given stream (tests, shippers) keeps JSON', () => {
    const local = loggerOptions('info', undefined, 'local') as { stream?: unknown };
    expect(local.stream).toBeDefined();
    const production = loggerOptions('info', undefined, 'production') as { stream?: unknown };
    expect(production.stream).toBeUndefined();
    const given = { write: () => undefined };
    expect((loggerOptions('info', given, 'local') as { stream?: unknown }).stream).toBe(given);
  });
});
