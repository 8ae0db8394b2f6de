import "./msw";

// Tests run as a deployment with its account link secret set (convex.config.ts ACCOUNT_LINK_SECRET).
process.env.ACCOUNT_LINK_SECRET ??= "test-account-link-secret-0123456789abcdef";
