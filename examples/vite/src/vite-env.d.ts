/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The auth URL: your PropelAuth URL, or the emulator's in development. */
  readonly VITE_AUTH_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
