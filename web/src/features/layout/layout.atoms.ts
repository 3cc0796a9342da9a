// Layout UI state: the drawer on phones (closed by default) and the collapsed sidebar on wider screens.
import { atom } from "jotai";

export const drawerOpenAtom = atom(false);
export const sidebarCollapsedAtom = atom(false);
