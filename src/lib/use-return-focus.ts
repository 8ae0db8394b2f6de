import { useRef } from "react";

/**
 * For a Radix dialog opened from outside (a shortcut, another dialog), which has no trigger to
 * give focus back to: focus returns to what had it when the dialog opened, if that is still on
 * the page, else to the page's main content. Spread the handlers onto DialogContent.
 */
export function useReturnFocus(afterReturn?: () => void) {
  const previous = useRef<Element | null>(null);
  return {
    onOpenAutoFocus: () => {
      previous.current = document.activeElement;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      const target = previous.current;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
      else document.getElementById("main")?.focus();
      afterReturn?.();
    },
  };
}
