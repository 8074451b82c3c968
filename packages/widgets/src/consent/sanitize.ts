import DOMPurify, { type Config } from 'dompurify';

/**
 * Contract text is markup from the server (spec 000 §3 "contractText … rendered as markup"), so it
 * is sanitised before it is shown: DOMPurify removes script, every on* attribute and javascript:
 * (and other unsafe) URLs; on top of its defaults the contract may not bring forms, frames, styles
 * or embedded objects, which have no place in terms text and could imitate the panel's controls.
 */
export const CONTRACT_SANITIZE_CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'iframe', 'frame', 'object', 'embed', 'base'],
  FORBID_ATTR: ['style', 'srcset', 'formaction', 'action', 'tabindex', 'autofocus'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: true,
};

const SAFE_LINK = /^(https?:|mailto:|tel:|#|\/(?!\/))/i;
/** What no contract may carry, whatever the DOM implementation DOMPurify ran on made of it. */
const NEVER = 'script, style, form, input, button, select, textarea, iframe, frame, object, embed, base, link, meta';
const SCRIPT_URL = /^(javascript|vbscript|data):/i;

/**
 * A second line behind DOMPurify: it trusts the DOM it runs on, and a DOM that misbehaves (some
 * test DOMs do) would let markup through untouched. This pass removes script-capable elements,
 * every on* attribute and every attribute whose value is a script URL (controls and spaces ignored).
 */
function harden(root: DocumentFragment): void {
  for (const element of Array.from(root.querySelectorAll(NEVER))) element.remove();
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const { name, value } of Array.from(element.attributes)) {
      // eslint-disable-next-line no-control-regex
      const compact = value.replace(/[\u0000-\u0020]/g, '');
      if (/^on/i.test(name) || SCRIPT_URL.test(compact)) element.removeAttribute(name);
    }
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
  const fragment = purify.sanitize(markup, { ...CONTRACT_SANITIZE_CONFIG, RETURN_DOM_FRAGMENT: true });
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
