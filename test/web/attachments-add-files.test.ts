// Taking files into the composer: the current model must read files, the extension must be one it accepts, and the
// limits answer with their alerts, in Vietnamese (the product's source language) and translated; on any refusal
// nothing is attached.
import { getDefaultStore } from "jotai";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { addFiles, clearFiles } from "../../web/src/features/attachments/add-files";
import { compressImage } from "../../web/src/features/attachments/compression";
import { attachmentsAtom } from "../../web/src/features/attachments/signed-in/attachments.atoms";
import { selectedModelAtom } from "../../web/src/features/models/models.atoms";
import { modelKeys } from "../../web/src/features/models/models.queries";
import { toastsAtom } from "../../web/src/features/toast/toast.atoms";
import { initI18n, setLanguage } from "../../web/src/lib/i18n";
import { queryClient } from "../../web/src/lib/signed-in/query-client";

// jsdom has no canvas: the compression itself is faked (attachments-compression.test.ts tests it), its order is not
vi.mock("../../web/src/features/attachments/compression", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../web/src/features/attachments/compression")>()),
  compressImage: vi.fn(async (f: File) => f),
}));
const compress = vi.mocked(compressImage);

const MB = 1024 * 1024;
const store = getDefaultStore();
const model = (endpoint: string, fileSupport: boolean, supportedFileTypes: string[]) => ({
  id: endpoint,
  endpoint,
  name: endpoint.toUpperCase(),
  descriptions: { free: "", premium: "" },
  premiumRequired: false,
  fileSupport,
  supportedFileTypes,
  allowed: true,
  remaining: 50,
  total: 50,
  offline: true,
});
const txt = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: "text/plain" });
const lastToast = () => store.get(toastsAtom).at(-1)?.message;

beforeAll(async () => {
  await initI18n();
});

beforeEach(async () => {
  await setLanguage("vi");
  queryClient.setQueryData(modelKeys.all, {
    models: [
      model("files-model", true, ["text", "office", "code", "structured", "image"]),
      model("no-files", false, []),
      model("images-only", true, ["image"]),
    ],
    default: "files-model",
    plan: "free",
  });
  store.set(selectedModelAtom, "files-model");
  store.set(toastsAtom, []);
  clearFiles(store);
  compress.mockReset();
  compress.mockImplementation(async (f: File) => f);
});
afterEach(() => clearFiles(store));

describe("addFiles", () => {
  it("attaches files the model reads, within the limits", async () => {
    expect(await addFiles([txt("a.txt", 10), txt("b.py", 10)], store)).toBe(true);
    expect(store.get(attachmentsAtom).map((f) => [f.file.name, f.status])).toEqual([
      ["a.txt", "ready"],
      ["b.py", "ready"],
    ]);
  });

  it("says 'Chỉ được chọn tối đa 10 files.' for the 11th file and adds none", async () => {
    await addFiles(
      Array.from({ length: 6 }, (_, i) => txt(`a${i}.txt`, 1)),
      store,
    );
    expect(
      await addFiles(
        Array.from({ length: 5 }, (_, i) => txt(`b${i}.txt`, 1)),
        store,
      ),
    ).toBe(false);
    expect(lastToast()).toBe("Chỉ được chọn tối đa 10 files.");
    expect(store.get(attachmentsAtom)).toHaveLength(6);
  });

  it("names the file over 5 MB: 'File \"{name}\" quá lớn. Kích thước tối đa là 5MB.'", async () => {
    expect(await addFiles([txt("ok.txt", 1), txt("lớn.txt", 5 * MB + 1)], store)).toBe(false);
    expect(lastToast()).toBe('File "lớn.txt" quá lớn. Kích thước tối đa là 5MB.');
    expect(store.get(attachmentsAtom)).toHaveLength(0);
  });

  it("says 'Tổng kích thước các file vượt quá 20MB.' past 20 MB together", async () => {
    expect(
      await addFiles(
        Array.from({ length: 5 }, (_, i) => txt(`p${i}.txt`, 4.5 * MB)),
        store,
      ),
    ).toBe(false);
    expect(lastToast()).toBe("Tổng kích thước các file vượt quá 20MB.");
  });

  it("speaks the user's language: the same alerts in English, Russian and Chinese", async () => {
    const eleven = () => Array.from({ length: 11 }, (_, i) => txt(`f${i}.txt`, 1));
    await setLanguage("en");
    await addFiles(eleven(), store);
    expect(lastToast()).toBe("You can choose at most 10 files.");
    await setLanguage("ru");
    await addFiles(eleven(), store);
    expect(lastToast()).toBe("Можно выбрать не более 10 файлов.");
    await setLanguage("zh");
    await addFiles(eleven(), store);
    expect(lastToast()).toBe("最多只能选择 10 个文件。");
  });

  it("refuses with an error when the current model has no file support", async () => {
    store.set(selectedModelAtom, "no-files");
    expect(await addFiles([txt("a.txt", 1)], store)).toBe(false);
    expect(lastToast()).toContain("NO-FILES");
    expect(store.get(toastsAtom).at(-1)?.type).toBe("error");
    expect(store.get(attachmentsAtom)).toHaveLength(0);
  });

  it("refuses a file whose extension the model does not read", async () => {
    store.set(selectedModelAtom, "images-only");
    expect(await addFiles([txt("notes.txt", 1)], store)).toBe(false);
    expect(lastToast()).toContain("notes.txt");
    expect(await addFiles([new File([new Uint8Array(10)], "cat.png", { type: "image/png" })], store)).toBe(true);
  });

  describe("a phone photo over 5 MB", () => {
    const photo = (name = "IMG_0001.jpg") => new File([new Uint8Array(7.5 * MB)], name, { type: "image/jpeg" });

    it("is compressed first, then held to 5 MB: it ends attached at its compressed size", async () => {
      compress.mockImplementation(
        async (f: File) =>
          new File([new Uint8Array(420 * 1024)], "IMG_0001.webp", { type: "image/webp", lastModified: f.lastModified }),
      );
      expect(await addFiles([photo(), txt("notes.txt", 10)], store)).toBe(true);
      expect(compress).toHaveBeenCalledTimes(1);
      expect(compress.mock.calls[0]![0].size).toBe(7.5 * MB);
      expect(
        store.get(attachmentsAtom).map((f) => [f.file.name, f.file.size, f.originalSize, f.compressed, f.status]),
      ).toEqual([
        ["IMG_0001.webp", 420 * 1024, 7.5 * MB, true, "ready"],
        ["notes.txt", 10, 10, false, "ready"],
      ]);
      expect(store.get(toastsAtom)).toEqual([]);
    });

    it("is refused with 'quá lớn' only when it is still over 5 MB once compressed, the other files kept", async () => {
      // the browser could not decode it: compressing keeps the original
      expect(await addFiles([photo("IMG_0002.jpg"), txt("notes.txt", 10)], store)).toBe(false);
      expect(compress).toHaveBeenCalledTimes(1);
      expect(lastToast()).toBe('File "IMG_0002.jpg" quá lớn. Kích thước tối đa là 5MB.');
      expect(store.get(attachmentsAtom).map((f) => f.file.name)).toEqual(["notes.txt"]);
    });

    it("leaves a file that is not a photo refused at once, before anything is compressed", async () => {
      expect(await addFiles([photo(), txt("video.txt", 7.5 * MB)], store)).toBe(false);
      expect(lastToast()).toBe('File "video.txt" quá lớn. Kích thước tối đa là 5MB.');
      expect(compress).not.toHaveBeenCalled();
      expect(store.get(attachmentsAtom)).toHaveLength(0);
    });
  });
});
