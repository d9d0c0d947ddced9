import type { RightsRequirement } from '@portaal/contracts';
import type { ForcedColorMode } from './color-mode.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    requirement?: 'login' | RightsRequirement;
    colorMode?: ForcedColorMode;
  }
}
