import { RouterProvider } from "@tanstack/react-router";
import { ConvexProvider } from "convex/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ThemeProvider } from "@/features/theme/theme-provider";
import { convex } from "@/lib/convex";
import { createAppRouter } from "./router";
import "./styles.css";

const router = createAppRouter();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ConvexProvider client={convex}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </ConvexProvider>
  </StrictMode>,
);
