// PLACEHOLDER: filled in by the media work.
import { Hono } from "hono";
import type { AppEnv } from "../env";

export const mediaRoutes = new Hono<AppEnv>();
export const mediaFallbackRoutes = new Hono<AppEnv>();
