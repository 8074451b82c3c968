import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { measureWidgetSizes, widgetSizeRows } from './widget-sizes.ts';

function fakeDist(signIn: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pravesh-widgets-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'widgets'));
  writeFileSync(path.join(dir, 'widgets/pravesh-react.js'), 'var PraveshReact = "https://react.dev/errors/";');
  writeFileSync(path.join(dir, 'widgets/pravesh-sign-in.js'), signIn);
  writeFileSync(path.join(dir, 'widgets/pravesh-consent-panel.js'), 'var PraveshConsentPanel = {};');
  writeFileSync(path.join(dir, 'widgets/pravesh-nudge.js'), 'var PraveshNudge = {};');
  return dir;
}

describe('widget sizes beyond the shared React runtime', () => {
  it('prints each widget against its target, and the runtime once', () => {
    const rows = widgetSizeRows(measureWidgetSizes(fakeDist('var PraveshSignIn = {};')));
    expect(rows.map((row) => [row.metric, row.verdict])).toEqual([
      ['widget pravesh-sign-in.js gzip -9 beyond the shared React runtime', 'ok'],
      ['widget pravesh-consent-panel.js gzip -9 beyond the shared React runtime', 'ok'],
      ['widget pravesh-nudge.js gzip -9 beyond the shared React runtime', 'ok'],
      ['shared React runtime pravesh-react.js gzip -9', 'ok'],
    ]);
  });

  it('misses when a widget script carries React of its own', () => {
    const rows = widgetSizeRows(measureWidgetSizes(fakeDist('/* see https://react.dev/errors/ */')));
    expect(rows[0]).toMatchObject({ verdict: 'MISSED', note: 'carries React of its own' });
    expect(rows[3]!.verdict).toBe('MISSED');
  });
});
