// The conversation's own icon (search), drawn like the rest in ui/icons.tsx; the tools loaded later draw theirs there.
import { type IconProps, Svg } from "../ui/icons";

export { type IconProps, Svg };

export const IconSearch = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Svg>
);
