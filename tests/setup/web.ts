import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { installMatchMedia } from "./match-media";
import "./msw";

// jsdom lays nothing out: cmdk and recharts watch sizes, and cmdk scrolls its highlighted option into view.
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => {};

beforeEach(() => {
  installMatchMedia({ dark: false });
  window.localStorage.clear();
  document.documentElement.className = "";
  document.documentElement.removeAttribute("style");
});

afterEach(() => cleanup());
