// Keeps the document's theme in step with the theme atoms and the OS preference.
import { useAtomValue, useSetAtom } from "jotai";
import { useEffect } from "react";
import { applyTheme } from "./theme";
import { systemDarkAtom, themeAtom } from "./theme.atoms";

export function ThemeSync() {
  const theme = useAtomValue(themeAtom);
  const setSystemDark = useSetAtom(systemDarkAtom);

  useEffect(() => {
    if (typeof matchMedia !== "function") return;
    const query = matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => setSystemDark(query.matches);
    onChange();
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [setSystemDark]);

  useEffect(() => applyTheme(theme), [theme]);
  return null;
}
