// The shared-links API's request schemas (worker/protocol/shares.ts has the answers). Apart from the answers' module:
// the SPA imports these as types only, so building them never runs in (nor weighs on) the pages it loads.
import * as v from "valibot";
import { IdSchema } from "./resources";
import { SHARE_ID_PATTERN } from "./shares";

export const ShareIdSchema = v.pipe(v.string(), v.regex(SHARE_ID_PATTERN, "must be a shared link's id"));

/** POST /shares. */
export const CreateShareSchema = v.object({ chat_id: IdSchema });
