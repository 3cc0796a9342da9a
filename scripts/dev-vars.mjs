// A fresh checkout has no .dev.vars: give it a random JWT secret (and no provider keys, so the offline model serves).
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function ensureDevVars(root) {
  const file = join(root, ".dev.vars");
  if (existsSync(file)) return;
  writeFileSync(file, `# Made by npm start. Add provider keys here (see .dev.vars.example).\nJWT_SECRET=${randomBytes(32).toString("hex")}\n`);
  console.log("Created .dev.vars with a random JWT_SECRET");
}
