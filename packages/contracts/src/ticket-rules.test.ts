import { describe, expect, it } from 'vitest';
import { attachmentRefusals } from './ticket-rules.ts';

const rules = { extensions: ['pdf', 'txt'], maxFiles: 2, maxTotalBytes: 100 };
const file = (name: string, size = 10) => ({ name, size });

describe('attachmentRefusals', () => {
  it('accepts a list within the rules', () => {
    expect(attachmentRefusals([file('a.pdf', 50), file('b.txt', 50)], rules)).toEqual([]);
  });

  it('names every refused file once, with its first reason, in the order chosen', () => {
    expect(
      attachmentRefusals(
        [
          file('setup.exe'),
          file('empty.txt', 0),
          file('big.pdf', 101),
          file('a.pdf', 60),
          file('b.pdf', 50),
          file('c.txt', 30),
          file('d.txt', 1),
          file('noext'),
        ],
        rules,
      ),
    ).toEqual([
      { code: 'ATTACHMENT_TYPE_NOT_ALLOWED', file: 'setup.exe' },
      { code: 'ATTACHMENT_EMPTY', file: 'empty.txt' },
      { code: 'ATTACHMENT_TOO_LARGE', file: 'big.pdf', maxBytes: 100 },
      // a.pdf (60) is accepted; b.pdf would make 110.
      { code: 'ATTACHMENT_TOO_LARGE', file: 'b.pdf', maxBytes: 100 },
      // c.txt fits (90) and is the second accepted file: d.txt is one too many.
      { code: 'ATTACHMENT_TOO_MANY', file: 'd.txt', max: 2 },
      { code: 'ATTACHMENT_TYPE_NOT_ALLOWED', file: 'noext' },
    ]);
  });
});
