/**
 * Which implementation backs each outside service. A key present means the real service;
 * otherwise the embedded default runs (ARCHITECTURE §2). Pure, so server and tests agree.
 */
export interface AdapterEnv {
  CLERK_JWT_ISSUER_DOMAIN?: string;
  STRIPE_SECRET_KEY?: string;
  RESEND_API_KEY?: string;
  OPENAI_API_KEY?: string;
}

export const ADAPTERS = {
  identity: { real: "clerk", embedded: "local" },
  payments: { real: "stripe", embedded: "local-gateway" },
  email: { real: "resend", embedded: "outbox" },
  extraction: { real: "openai", embedded: "rules" },
} as const;

export type AdapterChoice = {
  [S in keyof typeof ADAPTERS]: (typeof ADAPTERS)[S]["real"] | (typeof ADAPTERS)[S]["embedded"];
};

function configured(value: string | undefined): boolean {
  return typeof value === "string" && value.trim().length > 0;
}

export function selectAdapters(env: AdapterEnv): AdapterChoice {
  return {
    identity: configured(env.CLERK_JWT_ISSUER_DOMAIN) ? ADAPTERS.identity.real : ADAPTERS.identity.embedded,
    payments: configured(env.STRIPE_SECRET_KEY) ? ADAPTERS.payments.real : ADAPTERS.payments.embedded,
    email: configured(env.RESEND_API_KEY) ? ADAPTERS.email.real : ADAPTERS.email.embedded,
    extraction: configured(env.OPENAI_API_KEY) ? ADAPTERS.extraction.real : ADAPTERS.extraction.embedded,
  };
}
