// @vitest-environment node
// Image mode's rules: the regeneration phrases (vi, en, ru, zh) make a send an edit only when the latest answer holds
// a generated picture; reading the image call's answer names each way it can fail (empty, no data lines, not
// parsable, invalid format, no image); every failure has its text.
import { describe, expect, it } from "vitest";
import { ApiError } from "../../web/src/lib/api";
import { generatedImageUrl } from "../../web/src/features/images/signed-in/generated-image";
import { imageErrorKey } from "../../web/src/features/images/image-errors";
import { ImageResponseError, parseImageBody, toImageResult } from "../../web/src/features/images/image-response";
import { imageIntent, isRegenerationPhrase } from "../../web/src/features/images/regeneration";

const picture = "![Generated image](/media-api/api/images/img_1)\n\nPicture: a cat";

describe("regeneration phrases", () => {
  it.each([
    "vẽ lại",
    "Vẽ lại với màu xanh",
    "redraw",
    "Please regenerate it",
    "draw it bigger",
    "create an image of a dog",
    "edit photo: make it brighter",
    "tạo lại ảnh",
    "chỉnh sửa ảnh cho sáng hơn",
    "перерисуй",
    "Нарисуй кота",
    "重新生成",
    "重画一张",
    "编辑照片",
  ])("recognises %j", (text) => {
    expect(isRegenerationPhrase(text)).toBe(true);
  });

  it.each(["What is a drawer?", "thank you", "tell me about withdrawals", "Xin chào", "Привет", "你好", ""])(
    "ignores %j",
    (text) => {
      expect(isRegenerationPhrase(text)).toBe(false);
    },
  );
});

describe("the image a send edits", () => {
  it("finds the last generated picture of a message", () => {
    expect(generatedImageUrl(picture)).toBe("/media-api/api/images/img_1");
    expect(generatedImageUrl(`${picture}\n![Generated image](/media-api/api/images/img_2)`)).toBe(
      "/media-api/api/images/img_2",
    );
    expect(generatedImageUrl("![a photo](/x.png)")).toBeNull();
    expect(generatedImageUrl(null)).toBeNull();
  });

  it("passes over a broken picture after the last whole one, and a picture's start with no URL", () => {
    expect(generatedImageUrl(`${picture}\n![Generated image](/media-api/api/images/img 2)`)).toBe(
      "/media-api/api/images/img_1",
    );
    expect(generatedImageUrl(`${picture}\n![Generated image]()`)).toBe("/media-api/api/images/img_1");
    expect(generatedImageUrl("![Generated image](")).toBeNull();
    expect(generatedImageUrl("text ![Generated image](/a.png) more")).toBe("/a.png");
  });

  it("gives the last picture of many, and none for a long answer without one", () => {
    const many = Array.from({ length: 2_000 }, (_, i) => `![Generated image](/media-api/api/images/img_${i})`);
    expect(generatedImageUrl(many.join("\n"))).toBe("/media-api/api/images/img_1999");
    expect(generatedImageUrl("word ".repeat(16_000))).toBeNull();
  });

  it("is an edit for a regeneration phrase after a generated picture", () => {
    expect(imageIntent(false, "vẽ lại", picture)).toEqual({
      image: true,
      originalImage: "/media-api/api/images/img_1",
    });
    expect(imageIntent(true, "vẽ lại", picture)).toEqual({ image: true, originalImage: "/media-api/api/images/img_1" });
  });

  it("is a plain question for a regeneration phrase with no picture in the latest answer", () => {
    expect(imageIntent(false, "vẽ lại", "Just text")).toEqual({ image: false, originalImage: null });
    expect(imageIntent(false, "redraw", null)).toEqual({ image: false, originalImage: null });
  });

  it("is a new picture when image mode was chosen for other words", () => {
    expect(imageIntent(true, "a cat on a roof", picture)).toEqual({ image: true, originalImage: null });
    expect(imageIntent(false, "a cat on a roof", picture)).toEqual({ image: false, originalImage: null });
  });
});

describe("reading the image answer", () => {
  const result = {
    success: true,
    imageUrl: "/media-api/api/images/img_1",
    imageId: "img_1",
    description: "d",
    message: picture,
    prompt: "a cat",
    type: "generation",
    model: "offline-image",
    timestamp: "2026-01-01T00:00:00.000Z",
    isEdit: false,
    originalImage: null,
    offline: true,
    chat_id: "c1",
    message_id: "m1",
    bot_message_id: "b1",
    metadata: { remainingUsage: 2, warningLevel: "none", model: "offline-image" },
  };
  const problem = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      return err instanceof ImageResponseError ? err.problem : String(err);
    }
    return "no error";
  };

  it("accepts the worker's JSON and an event stream's last data object", () => {
    expect(toImageResult(parseImageBody(JSON.stringify(result))).imageUrl).toBe(result.imageUrl);
    const sse = `data: {"progress":1}\n\ndata: ${JSON.stringify(result)}\n\ndata: [DONE]\n`;
    expect(toImageResult(parseImageBody(sse)).imageId).toBe("img_1");
  });

  it("names each failure: empty, no data lines, not parsable, invalid format, no image", () => {
    expect(problem(() => parseImageBody("  "))).toBe("emptyResponse");
    expect(problem(() => parseImageBody("data: [DONE]\ndata: not json\n"))).toBe("noDataLines");
    expect(problem(() => parseImageBody("<html>bad gateway</html>"))).toBe("notParsable");
    expect(problem(() => toImageResult([1, 2]))).toBe("invalidFormat");
    expect(problem(() => toImageResult({ ...result, imageUrl: "" }))).toBe("noImage");
    expect(problem(() => toImageResult({ ...result, imageUrl: undefined }))).toBe("noImage");
    expect(problem(() => toImageResult({ ...result, metadata: null }))).toBe("invalidFormat");
  });

  it("maps the worker's refusals to their texts", () => {
    expect(imageErrorKey(new ApiError(401, "unauthorized", "x"))).toBe("images.errors.loginRequired");
    expect(imageErrorKey(new ApiError(403, "quota_exhausted", "x"))).toBe("images.errors.quotaExhausted");
    expect(imageErrorKey(new ApiError(400, "safety_violation", "x"))).toBe("images.errors.safety");
    expect(imageErrorKey(new ApiError(400, "invalid_input", "Question is required", "question"))).toBe(
      "images.errors.questionRequired",
    );
    expect(imageErrorKey(new ApiError(400, "invalid_input", "bad", "original_image"))).toBe(
      "images.errors.invalidRequest",
    );
    expect(imageErrorKey(new ImageResponseError("noImage"))).toBe("images.errors.noImage");
    // the rest use the shared error texts (errors.<code>)
    expect(imageErrorKey(new ApiError(429, "image_rate_limited", "x"))).toBeNull();
  });
});
