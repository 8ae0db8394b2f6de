import { ConvexReactClient } from "convex/react";

/** The embedded backend's address, used when no deployment is configured. */
const EMBEDDED_BACKEND_URL = "http://127.0.0.1:3210";

export const CONVEX_URL: string = import.meta.env.VITE_CONVEX_URL ?? EMBEDDED_BACKEND_URL;

/** The live client; its WebSocket opens on first use, not here. */
export const convex = new ConvexReactClient(CONVEX_URL);
