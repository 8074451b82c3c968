import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('hides secret query values and keeps the rest', () => {
    expect(redactUrl('/MSP/api/v1/x?pb-pass-token=abc.def.ghi&siteId=2')).toBe(
      '/MSP/api/v1/x?pb-pass-token=%5Bredacted%5D&siteId=2',
    );
    expect(redactUrl('/a?glssKey=k&signature=s&otp=123456')).not.toMatch(/=k|=s|123456/);
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});
