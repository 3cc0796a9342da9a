// Everything buildPersonalization needs for one user, read in ONE D1 round trip (a batch of the settings row and
// the remembered facts), so the chat-turn pipeline can afford it before the first token or cache it in the user's
// Durable Object. The plan decides whether the stored AI style applies.
import { asc, eq } from "drizzle-orm";
import { aiSettings, userMemories } from "../db/schema";
import { DEFAULT_AI_SETTINGS } from "../db/settings";
import type { Db } from "../env";
import { AI_STYLES, type ExpertPersonaId } from "../protocol/settings";
import { buildPersonalization, type Personalization, type PersonalizationInput } from "./build-personalization";
import { EXPERT_PERSONA_SPECS } from "./personas";
import { effectiveStyle } from "./styles";

export async function loadPersonalizationInput({
  db,
  userId,
  premium,
  persona,
  isNewChat,
}: {
  db: Db;
  userId: string;
  /** Whether the user's plan is premium now (planOf(user) !== "free"). */
  premium: boolean;
  persona?: ExpertPersonaId | null;
  isNewChat?: boolean;
}): Promise<PersonalizationInput> {
  const [settingsRows, memories] = await db.batch([
    db.select().from(aiSettings).where(eq(aiSettings.userId, userId)).limit(1),
    db
      .select({ content: userMemories.content })
      .from(userMemories)
      .where(eq(userMemories.userId, userId))
      .orderBy(asc(userMemories.createdAt), asc(userMemories.id)),
  ]);
  const row = settingsRows[0];
  const settings = row
    ? { chatCustomization: row.chatCustomization, enableAiCustom: row.enableAiCustom, allowNewChats: row.allowNewChats, memoryEnabled: row.memoryEnabled }
    : DEFAULT_AI_SETTINGS;
  const stored = AI_STYLES.find((s) => s === row?.aiStyle) ?? null;
  return {
    settings,
    style: effectiveStyle(stored, premium),
    memories: settings.memoryEnabled ? memories : [],
    persona: persona ? EXPERT_PERSONA_SPECS[persona] : null,
    isNewChat,
  };
}

/** loadPersonalizationInput then buildPersonalization: the system-prompt additions and sampling for one turn. */
export async function personalizationFor(args: Parameters<typeof loadPersonalizationInput>[0]): Promise<Personalization> {
  return buildPersonalization(await loadPersonalizationInput(args));
}
