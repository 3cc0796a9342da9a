// drizzle-kit reads the schema and writes SQL migrations that wrangler applies (`migrations_dir` in wrangler.toml).
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema.ts",
  out: "./migrations",
});
