// fontkit ships no types; pdfkit depends on it and accepts its parsed fonts as font sources. Only what
// lib/pdf uses is declared.
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    unitsPerEm: number;
    layout(text: string): { advanceWidth: number };
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
