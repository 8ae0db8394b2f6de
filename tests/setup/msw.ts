import { afterAll, afterEach, beforeAll } from "vitest";
import { server } from "../mocks/server";

// No test may reach a real service: an unmatched request is an error, not a pass-through.
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
