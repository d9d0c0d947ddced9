import { localStorageColorSchemeManager } from '@mantine/core';

export const COLOR_SCHEME_KEY = 'portaal-color-scheme';
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
