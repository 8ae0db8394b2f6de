import { setupServer } from "msw/node";
import { handlers } from "./handlers";

/** Shared msw server. Tests add handlers with server.use(); they are reset after each test. */
export const server = setupServer(...handlers);
