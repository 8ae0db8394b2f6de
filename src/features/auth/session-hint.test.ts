import { SESSION_HINT_COOKIE } from "@convex/model/sessionHint";
import { hasSessionHint, SESSION_HINT_ATTRIBUTE, sessionHintBootScript } from "./session-hint";

describe("the sign-in hint's pre-paint mark", () => {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- executing the inline script under test
  const run = new Function(sessionHintBootScript()) as () => void;
  afterEach(() => {
    document.documentElement.removeAttribute(SESSION_HINT_ATTRIBUTE);
    document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0`;
  });

  it("marks <html> when the hint cookie is set, and only then", () => {
    run();
    expect(document.documentElement).not.toHaveAttribute(SESSION_HINT_ATTRIBUTE);
    document.cookie = `${SESSION_HINT_COOKIE}=1`;
    expect(hasSessionHint()).toBe(true);
    run();
    expect(document.documentElement).toHaveAttribute(SESSION_HINT_ATTRIBUTE);
  });
});
