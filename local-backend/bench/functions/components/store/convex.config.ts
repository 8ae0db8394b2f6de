import { defineComponent } from "convex/server";

export default defineComponent("store");
