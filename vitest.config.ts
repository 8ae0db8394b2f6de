import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { alias } from "./vite.config.ts";

export default defineConfig({
  resolve: { alias },
  test: {
    // Hang detectors, not speed targets (those are in `npm run bench`): vitest's 5 s and 10 s
    // failed sound tests when the machine was busy.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // vitest's default for a run is one core fewer than the machine has: one worker on a 2-core
    // machine, which left a core idle while the suite took most of an hour.
    maxWorkers: "100%",
    projects: [
      {
        extends: true,
        plugins: [react()],
        test: {
          name: "web",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["./tests/setup/web.ts"],
          globals: true,
          restoreMocks: true,
        },
      },
      {
        extends: true,
        test: {
          name: "convex",
          environment: "edge-runtime",
          include: ["convex/**/*.test.ts"],
          setupFiles: ["./tests/setup/convex.ts"],
          server: { deps: { inline: ["convex-test"] } },
          restoreMocks: true,
        },
      },
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: ["local-backend/**/*.test.ts", "scripts/**/*.test.ts", "tests/unit/**/*.test.ts"],
          setupFiles: ["./tests/setup/node.ts"],
          restoreMocks: true,
        },
      },
    ],
  },
});
