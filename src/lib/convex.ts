import { ConvexReactClient } from "convex/react";
import { EMBEDDED_BACKEND_URL } from "./constants";

export const CONVEX_URL: string = import.meta.env.VITE_CONVEX_URL ?? EMBEDDED_BACKEND_URL;

/** The live client; its WebSocket opens on first use, not here. */
export const convex = new ConvexReactClient(CONVEX_URL);
