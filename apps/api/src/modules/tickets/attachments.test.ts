import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { checkUpload, contentMatchesExtension, sanitizeFileName } from './attachments.ts';

const rules = {
  extensions: ['pdf', 'png', 'jpg', 'jpeg', 'txt', 'log', 'csv', 'zip'],
  maxFiles: 5,
  maxTotalBytes: 1000,
};

describe('sanitizeFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd.txt', 'passwd.txt'],
    ['..\\..\\Windows\\win.ini.txt', 'win.ini.txt'],
    ['C:\\Users\\lotte\\Desktop\\scherm 502.png', 'scherm 502.png'],
    ['rep\u0007ort\t\n  final.txt', 'report final.txt'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['<script>alert(1)</script>.txt', 'script.txt'],
    ['a<b>c.txt', 'abc.txt'],
    ['what?*|:"now".log', 'whatnow.log'],
    ['.bashrc.txt', 'bashrc.txt'],
    ['...pdf', 'attachment.pdf'],
    ['.pdf', 'attachment.pdf'],
    ['', 'attachment'],
    ['   ', 'attachment'],
    ['name.', 'name'],
    ['trailing dots... .pdf', 'trailing dots.pdf'],
    ['café-overzicht ✓ März.csv', 'café-overzicht ✓ März.csv'],
    ['日本語のファイル.txt', '日本語のファイル.txt'],
  ])('%j becomes %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it('keeps at most 150 characters and the extension', () => {
    const long = sanitizeFileName(`${'a'.repeat(400)}.pdf`);
    expect(long).toHaveLength(150);
    expect(long.endsWith('aaa.pdf')).toBe(true);
    const emoji = sanitizeFileName(`${'😀'.repeat(200)}.txt`);
    expect([...emoji]).toHaveLength(150);
    expect(emoji.endsWith('.txt')).toBe(true);
  });
});

describe('contentMatchesExtension', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const pdf = Buffer.from('%PDF-1.7\n', 'latin1');
  const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0]);
  const exe = Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0]);
  const elf = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1]);

  it('accepts files whose first bytes match', () => {
    expect(contentMatchesExtension('png', png)).toBe(true);
    expect(contentMatchesExtension('pdf', pdf)).toBe(true);
    expect(contentMatchesExtension('zip', zip)).toBe(true);
    expect(
      contentMatchesExtension('zip', Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)])),
    ).toBe(true);
    expect(contentMatchesExtension('jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe1]))).toBe(true);
    expect(contentMatchesExtension('txt', Buffer.from('hello\nnaïve ✓\n', 'utf8'))).toBe(true);
    expect(contentMatchesExtension('csv', Buffer.from('\uFEFFa,b\n1,2\n', 'utf8'))).toBe(true);
  });

  it('refuses disguised files', () => {
    expect(contentMatchesExtension('pdf', exe)).toBe(false);
    expect(contentMatchesExtension('pdf', zip)).toBe(false);
    expect(contentMatchesExtension('png', pdf)).toBe(false);
    expect(contentMatchesExtension('jpeg', png)).toBe(false);
    expect(contentMatchesExtension('txt', png)).toBe(false);
    expect(contentMatchesExtension('txt', pdf)).toBe(false);
    expect(contentMatchesExtension('log', exe)).toBe(false);
    expect(contentMatchesExtension('log', elf)).toBe(false);
    expect(contentMatchesExtension('csv', Buffer.from('a,b\n\0\n', 'latin1'))).toBe(false);
    expect(contentMatchesExtension('txt', Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBe(false); // latin-1 "café"
    expect(contentMatchesExtension('txt', Buffer.from('a\u0000b', 'utf16le'))).toBe(false);
  });
});

describe('checkUpload', () => {
  const refusal = (name: string, content: Buffer): [string, number, string] | undefined => {
    try {
      checkUpload(name, content, rules);
    } catch (error) {
      if (error instanceof AppError) return [error.code, error.status, error.message];
      throw error;
    }
    return undefined;
  };

  it('stores the sanitised name, the content type of the extension and a sha256', () => {
    const upload = checkUpload('../x/notes.TXT', Buffer.from('hi\n'), { ...rules, extensions: ['txt'] });
    expect(upload).toMatchObject({ fileName: 'notes.TXT', contentType: 'text/plain', size: 3 });
    expect(upload.sha256).toBe('98ea6e4f216f2fb4b69fff9b3a44842c38686ca685f3f55dc48c5d3fb1107be4');
  });

  it('names the file and the rule in each refusal', () => {
    expect(refusal('setup.exe', Buffer.from('MZ'))).toEqual([
      'ATTACHMENT_TYPE_NOT_ALLOWED',
      400,
      '"setup.exe" is not an allowed type of file; allowed are pdf, png, jpg, jpeg, txt, log, csv, zip.',
    ]);
    expect(refusal('empty.txt', Buffer.alloc(0))).toEqual(['ATTACHMENT_EMPTY', 400, '"empty.txt" is empty.']);
    expect(refusal('invoice.pdf', Buffer.from('MZ\x90\0', 'latin1'))).toEqual([
      'ATTACHMENT_CONTENT_MISMATCH',
      400,
      'The content of "invoice.pdf" is not a .pdf file; rename it to its real type or attach another file.',
    ]);
    expect(refusal('README', Buffer.from('x'))?.[0]).toBe('ATTACHMENT_TYPE_NOT_ALLOWED');
  });
});
