// A jotai atom mirrored to one localStorage item (read once at start, written on every set). Values are parsed
// with a caller-given function, so a hand-edited or stale item falls back to the default instead of breaking.
import { atom, type WritableAtom } from "jotai";
import { readItem, writeItem } from "./storage";

export interface Codec<T> {
  parse: (raw: string) => T | undefined;
  serialize: (value: T) => string | null;
}

export const stringCodec = <T extends string>(allowed: readonly T[]): Codec<T> => ({
  parse: (raw) => ((allowed as readonly string[]).includes(raw) ? (raw as T) : undefined),
  serialize: (value) => value,
});

export const booleanCodec: Codec<boolean> = {
  parse: (raw) => (raw === "true" ? true : raw === "false" ? false : undefined),
  serialize: (value) => String(value),
};

export function persistedAtom<T>(
  key: string,
  fallback: T | (() => T),
  codec: Codec<T>,
): WritableAtom<T, [T | ((prev: T) => T)], void> {
  const initial = (): T => {
    const raw = readItem(key);
    const parsed = raw === null ? undefined : codec.parse(raw);
    return parsed !== undefined ? parsed : typeof fallback === "function" ? (fallback as () => T)() : fallback;
  };
  const base = atom<T>(initial());
  return atom(
    (get) => get(base),
    (get, set, next) => {
      const value = typeof next === "function" ? (next as (prev: T) => T)(get(base)) : next;
      set(base, value);
      writeItem(key, codec.serialize(value));
    },
  );
}
