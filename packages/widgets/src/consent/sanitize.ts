import DOMPurify, { type Config } from 'dompurify';

/**
 * Contract text is markup from the server (spec 000 §3 "contractText … rendered as markup"), so it
 * is sanitised before it is shown: DOMPurify removes script, every on* attribute and javascript:
 * (and other unsafe) URLs; on top of its defaults the contract may not bring forms, frames, styles
 * or embedded objects, which have no place in terms text and could imitate the panel's controls.
 */
export const CONTRACT_SANITIZE_CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'select',
    'textarea',
    'iframe',
    'frame',
    'object',
    'embed',
    'base',
    // Media would load from wherever it points: a tracking pixel tells a third party who read the terms.
    'video',
    'audio',
    'source',
    'track',
    'picture',
    'image',
  ],
  FORBID_ATTR: ['style', 'srcset', 'formaction', 'action', 'tabindex', 'autofocus', 'background', 'poster'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: true,
};

const SAFE_LINK = /^(https?:|mailto:|tel:|#|\/(?!\/))/i;
/** What no contract may carry, whatever the DOM implementation DOMPurify ran on made of it. */
const NEVER = 'script, style, form, input, button, select, textarea, iframe, frame, object, embed, base, link, meta';
const SCRIPT_URL = /^(javascript|vbscript|data):/i;
/** An address on another host (http(s) or protocol-relative): loading it tells that host who read the terms. */
const EXTERNAL_URL = /^(https?:|\/\/|\\\\)/i;
/** Attributes through which an element loads something by itself. */
const LOADING_ATTRIBUTES = new Set(['src', 'href', 'xlink:href', 'poster', 'background', 'srcset', 'lowsrc', 'dynsrc']);
/** Elements that fetch what their loading attribute names as soon as they are shown. */
const LOADING_ELEMENTS = 'img, image, video, audio, source, track, picture, input, embed, object, use';
/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): they can
 * make the shown text read differently from what was published ("Trojan Source", CVE-2021-42574),
 * so a contract that proves what was agreed to must not carry them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** An attribute value without controls and spaces, as a browser reads a URL in it. */
// eslint-disable-next-line no-control-regex
const compactOf = (value: string) => value.replace(/[\u0000-\u0020]/g, '');

/**
 * A second line behind DOMPurify: it trusts the DOM it runs on, and a DOM that misbehaves (some
 * test DOMs do) would let markup through untouched. This pass removes script-capable elements,
 * every on* attribute and every attribute whose value is a script URL (controls and spaces ignored).
 */
function harden(root: DocumentFragment): void {
  for (const element of Array.from(root.querySelectorAll(NEVER))) element.remove();
  for (const element of Array.from(root.querySelectorAll(LOADING_ELEMENTS))) {
    // External images and media are dropped whole (tracking pixels); a local one keeps its place.
    const external = Array.from(element.attributes).some(
      ({ name, value }) => LOADING_ATTRIBUTES.has(name.toLowerCase()) && EXTERNAL_URL.test(compactOf(value)),
    );
    if (external) element.remove();
  }
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const { name, value } of Array.from(element.attributes)) {
      const compact = compactOf(value);
      if (/^on/i.test(name) || SCRIPT_URL.test(compact)) element.removeAttribute(name);
      // CSS url() loads from anywhere (style is forbidden above; this catches what a DOM let through).
      else if (/url\s*\(/i.test(compact) || /^(style|background|srcset|poster)$/i.test(name))
        element.removeAttribute(name);
      else if (value.replace(BIDI_CONTROLS, '') !== value) element.setAttribute(name, value.replace(BIDI_CONTROLS, ''));
    }
  }
  // Bidi controls also arrive as character references (&#x202E;), decoded only in the DOM.
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const cleaned = text.replace(BIDI_CONTROLS, '');
    if (cleaned !== text) node.nodeValue = cleaned;
  }
}

/**
 * The contract as a fragment of `doc`, safe to insert: sanitised (and hardened), every link opening in a new tab
 * without a handle on this page (noopener), and anything but http(s), mailto, tel and same-site
 * links dropped to plain text.
 */
export function sanitizeContract(markup: string, doc: Document): DocumentFragment {
  const view = doc.defaultView;
  // The page's own DOMPurify unless the document belongs to another window (a frame, a test DOM).
  const purify = view && view !== globalThis ? DOMPurify(view) : DOMPurify;
  const fragment = purify.sanitize(markup.replace(BIDI_CONTROLS, ''), {
    ...CONTRACT_SANITIZE_CONFIG,
    RETURN_DOM_FRAGMENT: true,
  });
  const imported = doc.importNode(fragment, true);
  harden(imported);
  for (const link of Array.from(imported.querySelectorAll('a'))) {
    const href = link.getAttribute('href')?.trim() ?? '';
    if (!SAFE_LINK.test(href)) {
      link.removeAttribute('href');
      continue;
    }
    if (!href.startsWith('#')) {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
    }
  }
  return imported;
}
