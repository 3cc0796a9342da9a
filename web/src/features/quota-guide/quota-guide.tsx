// What the usage banner loads only when it needs it: a web-search warning's texts, and the prompt guide.
export { SearchWarningText } from "./search-warning-text";
export { PromptGuideDialog } from "./prompt-guide-dialog";
