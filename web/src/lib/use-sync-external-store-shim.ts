// `use-sync-external-store/shim` for React 19, which has useSyncExternalStore built in: the package's shim ships a
// fallback implementation for React 17 that would otherwise ride in every page (~0.4 kB gzip). vite.config.ts
// aliases the shim's import (from react-i18next and the package's own with-selector) to this module.
export { useSyncExternalStore } from "react";
