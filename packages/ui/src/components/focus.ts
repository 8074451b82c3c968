/** Focus helpers that look through shadow roots (widgets render into them). */

export const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** The focused element of `root` (a document or a shadow root), looking into nested shadow roots. */
export function deepActiveElement(root: Document | ShadowRoot | undefined): HTMLElement | undefined {
  let element: Element | null | undefined = root?.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element && 'focus' in element && element !== element.ownerDocument.body ? (element as HTMLElement) : undefined;
}

/** The controls inside `container` that Tab reaches, in order. */
export function tabbables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hidden && !element.closest('[hidden],[inert],[aria-hidden="true"]'),
  );
}
