// What this package reads of Vite's `import.meta.env` (the apps build it with Vite; Vitest sets MODE "test").
interface ImportMetaEnv {
  readonly DEV: boolean;
  readonly MODE: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
