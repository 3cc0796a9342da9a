// How a chat's project reaches a model, declared once: a block of the system prompt with the project's instructions
// (quoted), then one with its text files (as a question's attachments are written: worker/uploads/attachment-prompt.ts).
// The turn writes them (durable-objects/turn/prompt.ts); the offline model reads them back (readProjectPrompt), so
// its answer shows what a real model would have received.
import { type AttachmentText, attachmentsPrompt, parseAttachmentsPrompt } from "../uploads/attachment-prompt";

/** The project a chat is in, as its turns send it: its name, instructions and files (their text read for the turn). */
export interface ProjectPromptInput {
  name: string;
  instructions: string;
  files: AttachmentText[];
}

/** The first line of the project's blocks in the system prompt. */
export const projectInstructionsHeader = (name: string) =>
  `This chat belongs to the user's project "${name}". The project's instructions (follow them unless they conflict with safety or the facts):`;
export const projectFilesHeader = (name: string) =>
  `The files of the project "${name}" (the user gave them to every chat of the project; use them where relevant):`;

/** Keeps the user's text from closing our delimiters: triple quotes inside become single ones. */
const quoteSafe = (text: string) => text.replace(/"{3,}/g, '"');

/** The project's part of the system prompt: its instructions, then its text files; '' when it has neither. */
export function projectSystem(project: ProjectPromptInput): string {
  const parts: string[] = [];
  const instructions = project.instructions.trim();
  if (instructions) parts.push(`${projectInstructionsHeader(project.name)}\n"""\n${quoteSafe(instructions)}\n"""`);
  const files = attachmentsPrompt(project.files);
  if (files) parts.push(`${projectFilesHeader(project.name)}\n\n${files}`);
  return parts.join("\n\n");
}

const NAME = /^(?:This chat belongs to the user's project|The files of the project) "(.*)"/m;

/** The project a system prompt carries (its name, instructions and the names of its text files), or null. */
export function readProjectPrompt(system: string): { name: string; instructions: string; files: string[] } | null {
  const name = NAME.exec(system)?.[1];
  if (name === undefined) return null;
  const instructions = system.split(`${projectInstructionsHeader(name)}\n"""\n`)[1]?.split('\n"""')[0] ?? "";
  const blocks = system.split(`${projectFilesHeader(name)}\n\n`)[1];
  const files = blocks ? parseAttachmentsPrompt(blocks).files.map((f) => f.name) : [];
  return { name, instructions, files };
}
