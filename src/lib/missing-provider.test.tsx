import { renderHook } from "@testing-library/react";
import { useLocalAuth } from "@/features/auth/local-auth-provider";
import { useAuth } from "@/features/auth/use-auth";
import { useCart } from "@/features/cart/cart-provider";
import { useTheme } from "@/features/theme/use-theme";

describe("hooks used outside their providers (SPEC §8)", () => {
  it.each([
    ["useCart", useCart, "useCart must be used within CartProvider, which is mounted in src/main.tsx around the whole app."],
    ["useTheme", useTheme, "useTheme must be used within ThemeProvider, which is mounted in src/main.tsx around the whole app."],
    [
      "useAuth",
      useAuth,
      "useAuthSession must be used within an identity provider (LocalAuthProvider or ClerkAuthProvider), which is mounted in src/main.tsx by identity mode.",
    ],
    [
      "useLocalAuth",
      useLocalAuth,
      "useLocalAuth must be used within LocalAuthProvider, which is mounted in src/main.tsx when no Clerk key is set.",
    ],
  ])("%s names the provider and where it is mounted", (_name, hook, message) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => hook())).toThrow(message);
    expect(() => renderHook(() => hook())).toThrow(expect.objectContaining({ name: "MissingProviderError" }));
  });
});
