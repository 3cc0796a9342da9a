// Image mode as UI state: chosen with a create-image control for the next send only (it resets after one send).
// Kept alone and tiny: the input box and the header read it on the chat screen's first load.
import { atom } from "jotai";

export const imageModeAtom = atom(false);
