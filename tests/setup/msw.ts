import { afterAll, afterEach, beforeAll } from "vitest";
import { server } from "../mocks/server";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

// No test may reach an outside service: an unmatched request is an error, not a pass-through.
// Loopback is the exception: it is this machine's own servers under test (the embedded backend).
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      if (!LOOPBACK.has(new URL(request.url).hostname)) print.error();
    },
  }),
);
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
