import { describe, expect, it } from 'vitest';
import { squeezeCss, squeezeCssParts, squeezeCssTemplates } from './minify-css-templates.ts';

describe('squeezing CSS in template literals (widget stylesheets)', () => {
  it('drops comments, line breaks, the spaces next to braces and semicolons, and a block’s last semicolon', () => {
    expect(squeezeCss('/* the panel */\n.nudge {\n  color: red;\n  margin: 0 auto;\n}\n')).toBe(
      ' .nudge{color:red;margin:0 auto}',
    );
    // A comment is not whitespace: ".a/**/.b" is the compound ".a.b", not a descendant.
    expect(squeezeCss('.a/* and */.b, .c /* then */ .d {}')).toBe('.a.b,.c .d{}');
  });

  it('drops the space after a colon and around commas, in values, selectors and media queries', () => {
    expect(squeezeCss('a, b ,c {\n  font: 600 15px/1.4 var(--f), sans-serif;\n}')).toBe(
      'a,b,c{font:600 15px/1.4 var(--f),sans-serif}',
    );
    expect(squeezeCss('@media (max-width: 767px) {\n  a { transition: color 1s, opacity 2s; }\n}')).toBe(
      '@media (max-width:767px){a{transition:color 1s,opacity 2s}}',
    );
    expect(squeezeCss('--pv-ease: cubic-bezier(0.2, 0, 0, 1);')).toBe('--pv-ease:cubic-bezier(0.2,0,0,1);');
  });

  it('drops the spaces around child and sibling combinators, inside parentheses and before !important', () => {
    expect(squeezeCss('.a > .b ~ .c { color: red !important; }')).toBe('.a>.b~.c{color:red!important}');
    expect(squeezeCss(':is( .a, .b ) { margin: calc( 1px * 2 ); }')).toBe(':is(.a,.b){margin:calc(1px * 2)}');
  });

  it('keeps the spaces CSS reads: descendants, a space before a pseudo-class, values, calc’s + and -', () => {
    expect(squeezeCss('.a\n  .b :hover {\n  padding: 10px var(--x);\n}')).toBe('.a .b :hover{padding:10px var(--x)}');
    // "a :hover" (any hovered descendant) is not "a:hover".
    expect(squeezeCss('a :hover, a:hover {}')).toBe('a :hover,a:hover{}');
    // calc(1px+2px) is invalid: + and - need their spaces; so does the sibling combinator +.
    expect(squeezeCss('width: calc(100% - 2px);\nheight: calc(1px + 2px);')).toBe(
      'width:calc(100% - 2px);height:calc(1px + 2px);',
    );
    expect(squeezeCss('.a + .b {}')).toBe('.a + .b{}');
    // "and (" is a keyword and a parenthesis; "and(" would be a function.
    expect(squeezeCss('@media screen and (min-width: 1px) {}')).toBe('@media screen and (min-width:1px){}');
    // Between two values after a parenthesis: "var(--a)var(--b)" would rely on the tokenizer.
    expect(squeezeCss('margin: var(--a) var(--b);')).toBe('margin:var(--a) var(--b);');
  });

  it('copies strings and unquoted url() as they are', () => {
    expect(squeezeCss("content: 'a  ,  b : {c} ;';\nquotes: \"“\" '”';")).toBe(
      "content:'a  ,  b : {c} ;';quotes:\"“\" '”';",
    );
    expect(squeezeCss("content: 'it\\'s  ; here';")).toBe("content:'it\\'s  ; here';");
    expect(squeezeCss('background: url(data:image/svg+xml;utf8,a:b,c;d) no-repeat, url( "x y.png" );')).toBe(
      'background:url(data:image/svg+xml;utf8,a:b,c;d) no-repeat,url("x y.png");',
    );
    expect(squeezeCss("mask: url('a b.svg')  center;")).toBe("mask:url('a b.svg') center;");
    // A comment's text inside a string is the string's; an unquoted url() is one token, "/*" and all.
    expect(squeezeCss("content: '/* not a comment */';")).toBe("content:'/* not a comment */';");
    expect(squeezeCss('background: url(/sprites/*/icon.svg);')).toBe('background:url(/sprites/*/icon.svg);');
  });

  it('keeps a space at either end unless the punctuation beside it drops it (the text around is another string)', () => {
    expect(squeezeCss('\n.a {}\n')).toBe(' .a{}');
    expect(squeezeCss('\n}\n.b')).toBe('}.b');
    expect(squeezeCss('color:\n')).toBe('color:');
    expect(squeezeCss('.a\n')).toBe('.a ');
  });

  it('squeezes a template’s parts as one text, an interpolation standing as a word', () => {
    expect(squeezeCssParts(['\n.x {\n  gap: ', ';\n  margin: ', ' ', ';\n}\n'])).toEqual([
      ' .x{gap:',
      ';margin:',
      ' ',
      '}',
    ]);
    // A string that spans an interpolation is still a string: its spaces stay.
    expect(squeezeCssParts(["content: '", '  ,  ', "' ;"])).toEqual(["content:'", '  ,  ', "';"]);
  });

  it('squeezes only the literal parts of a template, leaving interpolations and other code alone', () => {
    const source = [
      "const gap = '8px';",
      'export const CSS = `${BASE}',
      '.x {',
      '  gap: ${gap};',
      '  color: ${`${tone}`};',
      '}',
      '`;',
      "const message = 'keep  these  spaces';",
    ].join('\n');
    expect(squeezeCssTemplates(source, 'styles.ts')).toBe(
      [
        "const gap = '8px';",
        'export const CSS = `${BASE} .x{gap:${gap};color:${`${tone}`}}`;',
        "const message = 'keep  these  spaces';",
      ].join('\n'),
    );
  });
});
