import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { formatBytes, type Row } from './report.ts';
import { sdkFile } from './sdk-file.ts';

/**
 * "one React runtime per page": every widget script reads React from the shared
 * runtime script (widgets/pravesh-react.js, global PraveshReact), so each widget's size is its
 * own code beyond that runtime, and a page that shows several widgets downloads React once.
 * Targets: the sign-in widget at most 10 KB gzip beyond the runtime, the consent panel
 * at most 8 KB, the nudge at most 20 KB. A widget script carrying React of its own is reported as MISSED.
 */
export const WIDGET_TARGETS_GZIP_BYTES: Record<string, number> = {
  'pravesh-sign-in.js': 10 * 1024,
  'pravesh-consent-panel.js': 8 * 1024,
  'pravesh-nudge.js': 20 * 1024,
};
export const REACT_RUNTIME_FILE = 'pravesh-react.js';

export interface WidgetSize {
  file: string;
  gzipBytes: number;
  /** The script has React DOM inside it (instead of reading the shared runtime). */
  carriesReact: boolean;
}

export interface WidgetSizes {
  runtimeGzipBytes: number;
  widgets: WidgetSize[];
}

/** React DOM's production build names its error decoder page; no widget's own code does. */
const REACT_DOM_MARKER = 'react.dev/errors/';

export function measureWidgetSizes(sdkDistDir: string): WidgetSizes {
  const read = (file: string) => readFileSync(sdkFile(sdkDistDir, `widgets/${file}`));
  return {
    runtimeGzipBytes: gzipSync(read(REACT_RUNTIME_FILE), { level: 9 }).length,
    widgets: Object.keys(WIDGET_TARGETS_GZIP_BYTES).map((file) => {
      const source = read(file);
      return {
        file,
        gzipBytes: gzipSync(source, { level: 9 }).length,
        carriesReact: source.includes(REACT_DOM_MARKER),
      };
    }),
  };
}

export function widgetSizeRows(sizes: WidgetSizes): Row[] {
  const rows: Row[] = sizes.widgets.map(({ file, gzipBytes, carriesReact }) => {
    const target = WIDGET_TARGETS_GZIP_BYTES[file] ?? 0;
    return {
      metric: `widget ${file} gzip -9 beyond the shared React runtime`,
      value: formatBytes(gzipBytes),
      target: `<= ${target / 1024} KB (${target.toLocaleString('en-US')} B)`,
      verdict: !carriesReact && gzipBytes <= target ? 'ok' : 'MISSED',
      note: carriesReact ? 'carries React of its own' : undefined,
    };
  });
  rows.push({
    metric: `shared React runtime ${REACT_RUNTIME_FILE} gzip -9`,
    value: formatBytes(sizes.runtimeGzipBytes),
    target: 'once per page',
    verdict: sizes.widgets.some((widget) => widget.carriesReact) ? 'MISSED' : 'ok',
  });
  return rows;
}
