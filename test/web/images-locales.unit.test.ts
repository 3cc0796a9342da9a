// @vitest-environment node
// The media texts (locales/media/<lng>.json: uploads, image mode, gallery; their parity across languages is
// locale-files.unit.test.ts) word the attachment limits and the image sign-in alert exactly so in Vietnamese, the
// product's source language.
import { describe, expect, it } from "vitest";
import vi from "../../locales/media/vi.json";

describe("media locales", () => {
  it("has the Vietnamese texts of the attachment limits and of image mode's sign-in alert", () => {
    expect(vi.attachments.errors.tooMany).toBe("Chỉ được chọn tối đa 10 files.");
    expect(vi.attachments.errors.tooLarge).toBe('File "{{name}}" quá lớn. Kích thước tối đa là 5MB.');
    expect(vi.attachments.errors.totalTooLarge).toBe("Tổng kích thước các file vượt quá 20MB.");
    expect(vi.images.errors.loginRequired).toBe("Bạn cần đăng nhập để sử dụng tính năng này");
  });
});
