// @vitest-environment node
// The media texts (locales/media/<lng>.json: uploads, image mode, gallery) exist in all four languages with the same
// keys and placeholders, and the spec's Vietnamese texts are the vi ones.
import { describe, expect, it } from "vitest";
import en from "../../locales/media/en.json";
import ru from "../../locales/media/ru.json";
import vi from "../../locales/media/vi.json";
import zh from "../../locales/media/zh.json";

function flatten(obj: object, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === "object") Object.assign(out, flatten(v, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("media locales", () => {
  const base = flatten(en);
  it.each([
    ["vi", vi],
    ["ru", ru],
    ["zh", zh],
  ])("%s has every English key, non-empty, with the same placeholders", (_lng, texts) => {
    const flat = flatten(texts);
    expect(Object.keys(flat).sort()).toEqual(Object.keys(base).sort());
    for (const [key, value] of Object.entries(flat)) {
      expect(value.trim(), key).not.toBe("");
      expect(placeholders(value), key).toEqual(placeholders(base[key] ?? ""));
    }
  });

  it("uses the spec's Vietnamese texts", () => {
    expect(vi.attachments.errors.tooMany).toBe("Chỉ được chọn tối đa 10 files.");
    expect(vi.attachments.errors.tooLarge).toBe('File "{{name}}" quá lớn. Kích thước tối đa là 5MB.');
    expect(vi.attachments.errors.totalTooLarge).toBe("Tổng kích thước các file vượt quá 20MB.");
    expect(vi.images.errors.loginRequired).toBe("Bạn cần đăng nhập để sử dụng tính năng này");
  });
});
