import js from "@eslint/js";
import convexPlugin from "@convex-dev/eslint-plugin";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const RAW_BUILDERS = ["query", "mutation", "action", "internalQuery", "internalMutation", "internalAction"];

export default tseslint.config(
  {
    ignores: [
      "dist/",
      ".build/",
      "node_modules/",
      ".data/",
      ".bench/",
      ".test-reports/",
      "coverage/",
      "test-results/",
      "playwright-report/",
      "**/_generated/",
      "local-backend/test/.tmp/",
      "src/routeTree.gen.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ["./tsconfig.app.json", "./tsconfig.node.json", "./convex/tsconfig.json"],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["scripts/**", "local-backend/**", "*.config.{js,ts}", "tests/**"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    ...reactHooks.configs.flat["recommended-latest"],
  },
  ...convexPlugin.configs.recommended,
  {
    // Every Convex function goes through the wrappers of convex/functions.ts (ARCHITECTURE §4).
    files: ["convex/**/*.ts"],
    ignores: ["convex/functions.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/_generated/server", "convex/server"],
              importNames: RAW_BUILDERS,
              message: "Declare Convex functions with the wrappers from convex/functions.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // Time belongs to the caller: the public function reads the clock once and the model is given `now`,
    // so tests and journeys set the time instead of depending on it.
    files: ["convex/model/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[object.name='Date'][property.name='now']", message: "Take `now` from the caller instead of reading the clock in convex/model." },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "Take `now` from the caller instead of reading the clock in convex/model." },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/_generated/server"], message: "The browser talks to Convex through the generated api only." },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.test.{ts,tsx}", "tests/**", "src/test/**"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/unbound-method": "off",
    },
  },
);
