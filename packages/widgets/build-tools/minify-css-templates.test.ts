import { describe, expect, it } from 'vitest';
import { squeezeCss, squeezeCssTemplates } from './minify-css-templates.ts';

describe('squeezing CSS in template literals (widget stylesheets)', () => {
  it('drops comments, line breaks and the spaces next to braces and semicolons', () => {
    expect(squeezeCss('/* the panel */\n.nudge {\n  color: red;\n  margin: 0 auto;\n}\n')).toBe(
      ' .nudge{color: red;margin: 0 auto;}',
    );
  });

  it('keeps the spaces CSS reads: descendant selectors, a space before a pseudo-class, values', () => {
    expect(squeezeCss('.a\n  .b :hover {\n  font: 600 15px/1.4 var(--f), sans-serif;\n}')).toBe(
      '.a .b :hover{font: 600 15px/1.4 var(--f), sans-serif;}',
    );
  });

  it('squeezes only the literal parts of a template, leaving interpolations and other code alone', () => {
    const source = [
      "const gap = '8px';",
      'export const CSS = `${BASE}',
      '.x {',
      '  gap: ${gap};',
      '}',
      '`;',
      "const message = 'keep  these  spaces';",
    ].join('\n');
    expect(squeezeCssTemplates(source, 'styles.ts')).toBe(
      [
        "const gap = '8px';",
        'export const CSS = `${BASE} .x{gap: ${gap};}`;',
        "const message = 'keep  these  spaces';",
      ].join('\n'),
    );
  });
});
