// File sizes as people read them: 512 B, 12 KB, 4.2 MB (1 KB = 1,024 bytes, as the 5 MB and 20 MB limits count).
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
