import { useEffect, useRef, type RefObject } from 'react';

/** The element that has focus, looking inside shadow roots (the embed draws in one). */
export function deepActiveElement(root: DocumentOrShadowRoot = document): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * Gives focus back to a popup's trigger when the popup closes and focus went nowhere, or is still in the
 * closing popup. Fluent does the same, but looks only at `document.activeElement`: inside a shadow root
 * that is the shadow's host, so a keyboard user's focus fell to the page's body after Escape.
 */
export function useFocusReturn(open: boolean, trigger: RefObject<HTMLElement | null>, popup: RefObject<HTMLElement | null>): void {
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const active = deepActiveElement();
    const lost = !active || active === active.ownerDocument.body || active.shadowRoot !== null || popup.current?.contains(active) === true;
    if (lost) trigger.current?.focus();
  }, [open, trigger, popup]);
}
