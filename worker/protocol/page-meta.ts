// What the build writes into index.html for the worker to read (scripts/inline-boot-script-plugin.ts writes it,
// worker/http/chat-page.ts reads it): one name, declared once.

/**
 * <meta name=…> whose content is the space-separated stylesheets (/assets/…css) a chat's messages are drawn with,
 * put inline by the worker with the chat's first screen it writes into the page.
 */
export const CHAT_STYLES_META = "may-chat-styles";
