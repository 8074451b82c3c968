import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';
import ts from 'typescript';

/**
 * The widgets keep their stylesheets as CSS in template literals (they are injected into shadow
 * roots, so there is no CSS file to hand a CSS minifier), and esbuild's minifier leaves string
 * contents alone: every newline, indent and comment of that CSS shipped (the build holds the
 * nudge to 20 KB gzip). This plugin squeezes the literal text of the template literals in the
 * stylesheet modules before esbuild reads them. Only whitespace and comments go, and only where
 * CSS does not care:
 *   - comments;
 *   - a run of whitespace that holds a line break becomes one space (a selector's descendant
 *     space, "a\n  b", stays a space);
 *   - spaces next to `{`, `}` and `;` go (never meaningful there).
 * `:` and `,` are left alone: "a :hover" and "a:hover" differ, and a space after a comma is
 * harmless. Interpolations (`${…}`) are untouched, so constants from other modules still join in.
 */
export function squeezeCss(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/[ \t]*\n\s*/g, ' ')
    .replace(/\s*([{};])\s*/g, '$1');
}

/** The TypeScript source with the literal parts of its template literals squeezed. */
export function squeezeCssTemplates(source: string, fileName: string): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  // The raw text between a literal part's delimiters: ` … ` / ` … ${ / } … ${ / } … `.
  const squeezePart = (node: ts.Node, openLength: number, closeLength: number) => {
    const start = node.getStart(file) + openLength;
    const end = node.getEnd() - closeLength;
    const raw = source.slice(start, end);
    const squeezed = squeezeCss(raw);
    if (squeezed !== raw) edits.push({ start, end, text: squeezed });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isNoSubstitutionTemplateLiteral(node)) squeezePart(node, 1, 1);
    else if (ts.isTemplateHead(node)) squeezePart(node, 1, 2);
    else if (ts.isTemplateMiddle(node)) squeezePart(node, 1, 2);
    else if (ts.isTemplateTail(node)) squeezePart(node, 1, 1);
    ts.forEachChild(node, visit);
  };
  visit(file);
  let output = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    output = output.slice(0, edit.start) + edit.text + output.slice(edit.end);
  }
  return output;
}

/** An esbuild plugin squeezing the template literals of the modules `filter` matches (stylesheet modules only). */
export function minifyCssTemplates(filter: RegExp): Plugin {
  return {
    name: 'pravesh-minify-css-templates',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter }, async (args) => ({
        contents: squeezeCssTemplates(await readFile(args.path, 'utf8'), args.path),
        loader: 'ts',
      }));
    },
  };
}
