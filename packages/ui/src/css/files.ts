import { format, resolveConfig } from 'prettier';

/** The text of components.css: a header saying where it comes from, then the rules. */
export function componentsFile(css: string): string {
  return `/* Pravesh UI components (@pravesh/ui). Generated from packages/ui/src/css/components.ts: edit that file. */\n${css}`;
}

/** The generated files are formatted as the repository's Prettier would, so `prettier --check .` passes. */
export async function formatCss(css: string): Promise<string> {
  const options = await resolveConfig(new URL('../../tokens.css', import.meta.url));
  return format(css, { ...options, parser: 'css' });
}
