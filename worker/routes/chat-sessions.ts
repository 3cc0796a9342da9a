// PLACEHOLDER: filled in by the chat-sessions work.
import { Hono } from "hono";
import type { AppEnv } from "../env";

export const chatSessionRoutes = new Hono<AppEnv>();
