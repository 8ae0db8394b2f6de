/**
 * jsdom has no matchMedia. This stand-in answers the colour-scheme query from a flag that a
 * test can flip, notifying listeners the way a browser does when the OS theme changes.
 */
export interface MatchMediaControl {
  setDark(dark: boolean): void;
}

export function installMatchMedia({ dark }: { dark: boolean }): MatchMediaControl {
  let prefersDark = dark;
  const lists: { query: string; listeners: Set<(event: MediaQueryListEvent) => void> }[] = [];
  const matches = (query: string) => (query.includes("prefers-color-scheme: dark") ? prefersDark : false);

  window.matchMedia = (query: string) => {
    const entry = { query, listeners: new Set<(event: MediaQueryListEvent) => void>() };
    lists.push(entry);
    return {
      media: query,
      get matches() {
        return matches(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        entry.listeners.delete(listener),
      addListener: (listener: (event: MediaQueryListEvent) => void) => entry.listeners.add(listener),
      removeListener: (listener: (event: MediaQueryListEvent) => void) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };

  return {
    setDark(next) {
      prefersDark = next;
      for (const entry of lists) {
        const event = { matches: matches(entry.query), media: entry.query } as MediaQueryListEvent;
        entry.listeners.forEach((listener) => listener(event));
      }
    },
  };
}
