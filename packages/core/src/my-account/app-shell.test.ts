import { describe, expect, it } from 'vitest';
import { appShellMarkers, appShellPageOf, keepAppShell } from './app-shell.ts';

describe('My Account app shells', () => {
  it('gives the dashboard its own shell and every other path the generic one', () => {
    expect(appShellPageOf('/dashboard')).toBe('dashboard');
    expect(appShellPageOf('/dashboard/')).toBe('dashboard');
    for (const path of ['/', '/profile', '/dashboardx', '/dashboard/more', ''])
      expect(appShellPageOf(path)).toBe('page');
  });

  it('keeps only the asked shell, without its markers', () => {
    const dashboard = appShellMarkers('dashboard');
    const page = appShellMarkers('page');
    const html = `<div id="root">${dashboard.start}<b>D</b>${dashboard.end}${page.start}<i>P</i>${page.end}</div>`;
    expect(keepAppShell(html, 'dashboard')).toBe('<div id="root"><b>D</b></div>');
    expect(keepAppShell(html, 'page')).toBe('<div id="root"><i>P</i></div>');
    expect(keepAppShell('<div id="root"></div>', 'page')).toBe('<div id="root"></div>');
  });
});
