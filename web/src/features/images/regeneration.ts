// Regeneration phrases: asking to draw, create an image, edit a photo, regenerate or redraw — in
// Vietnamese, English, Russian or Chinese — turns image mode on when the latest bot message holds a generated
// picture, and the turn then edits that picture. Loaded by a send only when one could apply (image mode is on, or the
// latest answer holds a picture).
import { generatedImageUrl } from "./signed-in/generated-image";

/** Latin and Cyrillic phrases match as whole words; Chinese ones anywhere (Chinese has no spaces between words). */
const WORD_PHRASES = [
  // en
  "draw",
  "draw again",
  "redraw",
  "re-draw",
  "regenerate",
  "create image",
  "create an image",
  "generate image",
  "generate an image",
  "make an image",
  "edit photo",
  "edit the photo",
  "edit image",
  "edit the image",
  "edit picture",
  // vi
  "vẽ",
  "vẽ lại",
  "tạo ảnh",
  "tạo hình",
  "tạo hình ảnh",
  "tạo lại",
  "tạo lại ảnh",
  "sửa ảnh",
  "chỉnh ảnh",
  "chỉnh sửa ảnh",
  "chỉnh sửa hình",
  // ru
  "нарисуй",
  "нарисуй снова",
  "нарисовать",
  "перерисуй",
  "перерисовать",
  "создай изображение",
  "создать изображение",
  "сгенерируй",
  "сгенерируй заново",
  "отредактируй фото",
  "редактировать фото",
  "измени фото",
];
const CJK_PHRASES = [
  "重画",
  "重新画",
  "画",
  "重新生成",
  "生成图片",
  "生成图像",
  "创建图片",
  "编辑照片",
  "编辑图片",
  "修改图片",
  "修改照片",
];

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// Unicode-aware word edges: a phrase must not be glued to other letters (so "drawer" and "vẽ" inside "vẽt" do not count).
const WORDS = new RegExp(`(?<![\\p{L}\\p{N}])(?:${WORD_PHRASES.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "iu");

export function isRegenerationPhrase(text: string): boolean {
  const t = text.normalize("NFC").trim();
  if (!t) return false;
  return WORDS.test(t) || CJK_PHRASES.some((p) => t.includes(p));
}

/** Whether a send is an image turn, and the picture it edits (null: a new picture). */
export function imageIntent(
  chosen: boolean,
  text: string,
  latestBotText: string | null,
): { image: boolean; originalImage: string | null } {
  const latest = generatedImageUrl(latestBotText);
  const regenerate = latest !== null && isRegenerationPhrase(text);
  return { image: chosen || regenerate, originalImage: regenerate ? latest : null };
}
