// The icons of image mode and the gallery (24×24, stroke = currentColor, like ../ui/icons.tsx).
import { Svg } from "../../ui/icons";

export const IconImage = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M6 3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3Zm15 12-5-5L5 21M9 7a2 2 0 1 0 0 4 2 2 0 0 0 0-4Z" />
  </Svg>
);

export const IconGallery = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M3 3h7v7H3zm11 0h7v7h-7zM3 14h7v7H3zm11 0h7v7h-7z" />
  </Svg>
);
