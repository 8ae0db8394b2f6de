import { act, fireEvent, render, screen } from "@testing-library/react";
import { BACK_ONLINE_MS, CONNECTION_TEXTS, ConnectionStatus, RECONNECTING_AFTER_MS } from "./connection-status";

const connection = { isWebSocketConnected: false, hasEverConnected: false };
vi.mock("convex/react", () => ({ useConvexConnectionState: () => connection }));

/** A page with a half-typed form next to the banner, as in the app. */
function Page() {
  return (
    <>
      <label>
        Note
        <input />
      </label>
      <ConnectionStatus />
    </>
  );
}

function setConnection(next: Partial<typeof connection>, view: ReturnType<typeof render>) {
  Object.assign(connection, next);
  view.rerender(<Page />);
}

describe("ConnectionStatus", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.assign(connection, { isWebSocketConnected: false, hasEverConnected: false });
  });
  afterEach(() => vi.useRealTimers());

  it("says nothing while the first connection is still being made", () => {
    render(<Page />);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("ignores a short drop", () => {
    Object.assign(connection, { isWebSocketConnected: true, hasEverConnected: true });
    const view = render(<Page />);
    setConnection({ isWebSocketConnected: false }, view);
    act(() => {
      vi.advanceTimersByTime(RECONNECTING_AFTER_MS - 100);
    });
    setConnection({ isWebSocketConnected: true }, view);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("says it is reconnecting after a longer drop, then back online briefly, keeping what was typed", () => {
    Object.assign(connection, { isWebSocketConnected: true, hasEverConnected: true });
    const view = render(<Page />);
    fireEvent.change(screen.getByLabelText("Note"), { target: { value: "half a thought" } });

    setConnection({ isWebSocketConnected: false }, view);
    act(() => {
      vi.advanceTimersByTime(RECONNECTING_AFTER_MS);
    });
    const status = screen.getByRole("status");
    expect(status).toHaveAttribute("aria-live", "polite");
    expect(status).toHaveTextContent(CONNECTION_TEXTS.reconnecting);

    setConnection({ isWebSocketConnected: true }, view);
    expect(status).toHaveTextContent(CONNECTION_TEXTS.backOnline);
    act(() => {
      vi.advanceTimersByTime(BACK_ONLINE_MS);
    });
    expect(status).toBeEmptyDOMElement();
    expect(screen.getByLabelText("Note")).toHaveValue("half a thought");
  });
});
