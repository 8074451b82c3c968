import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';
import ts from 'typescript';

/**
 * The widgets keep their stylesheets as CSS in template literals (they are injected into shadow
 * roots, so there is no CSS file to hand a CSS minifier), and esbuild's minifier leaves string
 * contents alone: every newline, indent and comment of that CSS shipped (the build holds the
 * nudge to 20 KB gzip). This plugin squeezes the literal text of the template literals in the
 * stylesheet modules before esbuild reads them. Only whitespace and comments go, and only where
 * CSS does not read them (CSS Syntax Level 3: whitespace between tokens is a separator, never
 * needed beside punctuation):
 *   - comments;
 *   - a run of whitespace becomes one space (a selector's descendant space, "a\n  b", stays a space);
 *   - that space goes next to `{`, `}`, `;`, `,` and `>` and `~` (combinators), after `:` and `(`, and
 *     before `)` and `!important`;
 *   - the `;` that ends a block's last declaration.
 * Kept: the space before `:` ("a :hover" is not "a:hover"), before `(` ("and (max-width…)" is not
 * the function "and("), after `)` ("var(--a) var(--b)"), and around `+` and `-` (calc() needs them:
 * "calc(1px+2px)" is invalid). Strings and unquoted url(…) are copied as they are. An interpolation
 * (`${…}`) stands for an unknown word: the space beside it stays unless the CSS side of it alone
 * allows dropping it, so constants from other modules still join in.
 */

/** Stands for an interpolation while a template's parts are squeezed as one text. */
const HOLE = '\u0000';
const WHITESPACE = /[ \t\n\r\f]/;
/** A space after these goes. */
const DROP_AFTER = new Set(['{', '}', ';', ',', ':', '(', '>', '~']);
/** A space before these goes (`!` starts `!important`, the only `!` CSS has). */
const DROP_BEFORE = new Set(['{', '}', ';', ',', ')', '>', '~', '!']);

export function squeezeCss(text: string): string {
  let out = '';
  /** Whitespace (or a comment) was seen since the last chunk. */
  let space = false;
  /** The last chunk written: punctuation is a chunk of its own, a string or url() one chunk. */
  let last = '';
  /** Writes `chunk`, with the pending space unless the punctuation beside it makes it unneeded. */
  const emit = (chunk: string) => {
    // At the very start the space stays unless `chunk` drops it: the text before is another string's.
    if (space && !DROP_BEFORE.has(chunk[0]!) && !DROP_AFTER.has(last)) out += ' ';
    space = false;
    // A block's last declaration needs no `;`.
    if (chunk === '}' && last === ';') out = out.slice(0, -1);
    out += chunk;
    last = chunk;
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (WHITESPACE.test(char)) {
      space = true;
      i += 1;
    } else if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      // Gone without a trace: a comment is not whitespace (".a/**/.b" is ".a.b"); spaces around it stay.
      i = end === -1 ? text.length : end + 2;
    } else if (char === '"' || char === "'") {
      let end = i + 1;
      while (end < text.length && text[end] !== char && text[end] !== '\n') end += text[end] === '\\' ? 2 : 1;
      emit(text.slice(i, end + 1));
      i = end + 1;
    } else if (char === '\\') {
      emit(text.slice(i, i + 2)); // An escape: the character after it is part of the word.
      i += 2;
    } else if (char === '(' && /(^|[^\w-])url$/i.test(out.slice(-4)) && !/^\s*['"]/.test(text.slice(i + 1))) {
      // An unquoted url(…) is one token: its `:`, `,` and `;` are the address's.
      const end = text.indexOf(')', i);
      const stop = end === -1 ? text.length : end + 1;
      emit(text.slice(i, stop));
      i = stop;
    } else {
      emit(char);
      i += 1;
    }
  }
  // At the very end the space stays unless the punctuation before it drops it: the text after is another string's.
  if (space && !DROP_AFTER.has(last)) out += ' ';
  return out;
}

/**
 * The parts of one template literal squeezed as a single text, each interpolation standing as an
 * opaque word (so a string or url() that spans one is still seen whole); answers the parts.
 */
export function squeezeCssParts(parts: readonly string[]): string[] {
  const squeezed = squeezeCss(parts.join(HOLE)).split(HOLE);
  if (squeezed.length !== parts.length) throw new Error('a template part was lost while squeezing its CSS');
  return squeezed;
}

/** The TypeScript source with the literal parts of its template literals squeezed. */
export function squeezeCssTemplates(source: string, fileName: string): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  // The raw text between a literal part's delimiters: ` … ` / ` … ${ / } … ${ / } … `.
  const rangeOf = (node: ts.Node, closeLength: number) => ({
    start: node.getStart(file) + 1,
    end: node.getEnd() - closeLength,
  });
  const squeezeTemplate = (ranges: { start: number; end: number }[]) => {
    const raws = ranges.map(({ start, end }) => source.slice(start, end));
    squeezeCssParts(raws).forEach((text, index) => {
      if (text !== raws[index]) edits.push({ ...ranges[index]!, text });
    });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isNoSubstitutionTemplateLiteral(node)) squeezeTemplate([rangeOf(node, 1)]);
    else if (ts.isTemplateExpression(node)) {
      squeezeTemplate([
        rangeOf(node.head, 2),
        ...node.templateSpans.map((span) => rangeOf(span.literal, ts.isTemplateTail(span.literal) ? 1 : 2)),
      ]);
    }
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
