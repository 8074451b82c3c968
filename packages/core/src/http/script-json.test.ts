import { describe, expect, it } from 'vitest';
import { scriptJson } from './script-json.ts';

describe('scriptJson', () => {
  it('reads back unchanged and cannot break out of its script element', () => {
    const value = { a: '</script><script>alert(1)</script>', b: '<!-- & -->', c: 'line\u2028sep\u2029x' };
    const text = scriptJson(value);
    expect(JSON.parse(text)).toEqual(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
  });
});
