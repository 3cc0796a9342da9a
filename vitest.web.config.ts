// SPA unit and component tests (jsdom): stores, rules, the markdown block renderer.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["test/web/**/*.test.{ts,tsx}"],
  },
});
