// The programming languages whose code answers are coloured, by the name a fence gives (```py, ```c++, ```Dockerfile),
// each grammar a chunk of its own that loads the first time a block in that language appears (1-10 kB gzip each).
// highlight.js's grammars, which lowlight runs; a fence naming anything else stays plain text.
import type { LanguageFn } from "highlight.js";

type GrammarModule = Promise<{ default: LanguageFn }>;

/** highlight.js grammar name → its loader. Each import is literal, so the bundler makes one small chunk per grammar. */
const GRAMMARS: Record<string, () => GrammarModule> = {
  bash: () => import("highlight.js/lib/languages/bash"),
  c: () => import("highlight.js/lib/languages/c"),
  clojure: () => import("highlight.js/lib/languages/clojure"),
  cpp: () => import("highlight.js/lib/languages/cpp"),
  csharp: () => import("highlight.js/lib/languages/csharp"),
  css: () => import("highlight.js/lib/languages/css"),
  dart: () => import("highlight.js/lib/languages/dart"),
  diff: () => import("highlight.js/lib/languages/diff"),
  dockerfile: () => import("highlight.js/lib/languages/dockerfile"),
  elixir: () => import("highlight.js/lib/languages/elixir"),
  erlang: () => import("highlight.js/lib/languages/erlang"),
  fsharp: () => import("highlight.js/lib/languages/fsharp"),
  go: () => import("highlight.js/lib/languages/go"),
  graphql: () => import("highlight.js/lib/languages/graphql"),
  groovy: () => import("highlight.js/lib/languages/groovy"),
  haskell: () => import("highlight.js/lib/languages/haskell"),
  ini: () => import("highlight.js/lib/languages/ini"),
  java: () => import("highlight.js/lib/languages/java"),
  javascript: () => import("highlight.js/lib/languages/javascript"),
  json: () => import("highlight.js/lib/languages/json"),
  julia: () => import("highlight.js/lib/languages/julia"),
  kotlin: () => import("highlight.js/lib/languages/kotlin"),
  latex: () => import("highlight.js/lib/languages/latex"),
  lua: () => import("highlight.js/lib/languages/lua"),
  makefile: () => import("highlight.js/lib/languages/makefile"),
  markdown: () => import("highlight.js/lib/languages/markdown"),
  matlab: () => import("highlight.js/lib/languages/matlab"),
  nginx: () => import("highlight.js/lib/languages/nginx"),
  objectivec: () => import("highlight.js/lib/languages/objectivec"),
  ocaml: () => import("highlight.js/lib/languages/ocaml"),
  perl: () => import("highlight.js/lib/languages/perl"),
  php: () => import("highlight.js/lib/languages/php"),
  powershell: () => import("highlight.js/lib/languages/powershell"),
  protobuf: () => import("highlight.js/lib/languages/protobuf"),
  python: () => import("highlight.js/lib/languages/python"),
  r: () => import("highlight.js/lib/languages/r"),
  ruby: () => import("highlight.js/lib/languages/ruby"),
  rust: () => import("highlight.js/lib/languages/rust"),
  scala: () => import("highlight.js/lib/languages/scala"),
  scss: () => import("highlight.js/lib/languages/scss"),
  shell: () => import("highlight.js/lib/languages/shell"),
  sql: () => import("highlight.js/lib/languages/sql"),
  swift: () => import("highlight.js/lib/languages/swift"),
  typescript: () => import("highlight.js/lib/languages/typescript"),
  vbnet: () => import("highlight.js/lib/languages/vbnet"),
  xml: () => import("highlight.js/lib/languages/xml"),
  yaml: () => import("highlight.js/lib/languages/yaml"),
};

/** Other names fences use for the same grammars (lower-case). */
const ALIASES: Record<string, string> = {
  sh: "bash",
  zsh: "bash",
  ksh: "bash",
  console: "shell",
  shellsession: "shell",
  "c++": "cpp",
  cc: "cpp",
  cxx: "cpp",
  hpp: "cpp",
  h: "c",
  "c#": "csharp",
  cs: "csharp",
  "f#": "fsharp",
  fs: "fsharp",
  golang: "go",
  hs: "haskell",
  toml: "ini",
  conf: "ini",
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  node: "javascript",
  jsonc: "json",
  json5: "json",
  jl: "julia",
  kt: "kotlin",
  kts: "kotlin",
  tex: "latex",
  make: "makefile",
  mk: "makefile",
  md: "markdown",
  mkd: "markdown",
  objc: "objectivec",
  "objective-c": "objectivec",
  ml: "ocaml",
  pl: "perl",
  ps: "powershell",
  ps1: "powershell",
  pwsh: "powershell",
  proto: "protobuf",
  py: "python",
  py3: "python",
  python3: "python",
  gyp: "python",
  rb: "ruby",
  rs: "rust",
  sc: "scala",
  mysql: "sql",
  postgresql: "sql",
  postgres: "sql",
  psql: "sql",
  sqlite: "sql",
  plsql: "sql",
  tsql: "sql",
  ts: "typescript",
  tsx: "typescript",
  mts: "typescript",
  vb: "vbnet",
  html: "xml",
  xhtml: "xml",
  svg: "xml",
  vue: "xml",
  yml: "yaml",
  docker: "dockerfile",
  less: "scss",
  sass: "scss",
  patch: "diff",
  gql: "graphql",
  gradle: "groovy",
  m: "matlab",
};

/** The grammar for a fence's language name, or null when it has none (the code stays plain). */
export function grammarName(language: string | null): string | null {
  if (!language) return null;
  const name = language.toLowerCase();
  const canonical = ALIASES[name] ?? name;
  return Object.hasOwn(GRAMMARS, canonical) ? canonical : null;
}

/** Loads a grammar by its name from grammarName. */
export function loadGrammar(name: string): GrammarModule {
  const load = GRAMMARS[name];
  if (!load) return Promise.reject(new Error(`no grammar named ${name}`));
  return load();
}

/** Every grammar the app has, for tests and the size report. */
export const GRAMMAR_NAMES = Object.keys(GRAMMARS);
