import { INTRO_SESSION_MINUTES } from "@convex/model/sessionLengths";

/** Marketing claims of SPEC §1, shown wherever they fit. */
export const CLAIMS = {
  entrepreneursHelped: "150+",
  entrepreneursHelpedTotal: "500+",
  betterFocus: "89%",
  productivityIncrease: "2.3x",
  consultationMinutes: INTRO_SESSION_MINUTES,
  responseHours: 24,
} as const;
