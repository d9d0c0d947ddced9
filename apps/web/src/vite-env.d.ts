/// <reference types="vite/client" />

declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  readonly VITE_TEST_MODE?: string;
  readonly VITE_ADMIN_CONSOLE?: string;
}
