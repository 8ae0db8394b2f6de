import rateLimiter from "@convex-dev/rate-limiter/convex.config";
import resend from "@convex-dev/resend/convex.config";
import workpool from "@convex-dev/workpool/convex.config";
import { defineApp } from "convex/server";
import store from "./components/store/convex.config";

// The app's own components, so every scenario runs with them installed, and a small one to time calls into.
const app = defineApp();
app.use(rateLimiter);
app.use(resend);
app.use(workpool, { name: "extractionWorkpool" });
app.use(store);
export default app;
