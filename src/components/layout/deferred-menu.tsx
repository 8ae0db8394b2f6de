import { Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";

export interface TriggerHandlers {
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
}

/** What a deferred menu's content receives beside its own props. */
export interface MenuContentProps {
  defaultOpen: boolean;
  trigger: ReactNode;
}

interface DeferredMenuProps<P> {
  /**
   * The full menu (Radix, with floating-ui behind it), opened as soon as it has loaded. It gets its
   * button as `trigger`, so it never imports the module that lazily imports it.
   */
  menu: LazyExoticComponent<ComponentType<P & MenuContentProps>>;
  /** Starts fetching the menu's code early (hover, focus). */
  preload: () => void;
  props: P;
  /** The menu's button; the same look before and after the menu's code has arrived. */
  trigger: (handlers: TriggerHandlers) => ReactNode;
}

/**
 * The header's menus are a large share of a first visit's JavaScript, and most visitors never
 * open them. Each is fetched when its button is first hovered, focused or pressed, then opens.
 */
export function DeferredMenu<P extends object>({ menu: Menu, preload, props, trigger }: DeferredMenuProps<P>) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return trigger({ onClick: () => setWanted(true), onPointerEnter: preload, onFocus: preload });
  return (
    <Suspense fallback={trigger({})}>
      <Menu {...props} defaultOpen trigger={trigger({})} />
    </Suspense>
  );
}
