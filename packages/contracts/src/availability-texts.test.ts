import { describe, expect, it } from 'vitest';
import {
  type CheckReason,
  checkReasonCodes,
  describeCheckReason,
  describeMaintenance,
} from './availability-texts.ts';

describe('check reasons in each language', () => {
  it.each<[CheckReason, string, string]>([
    [
      { code: 'unexpected_status', params: { status: 503, expected: 200 } },
      'HTTP 503 instead of 200',
      'HTTP 503 in plaats van 200',
    ],
    [
      { code: 'timeout', params: { timeout_ms: 10_000 } },
      'No answer within 10 s',
      'Geen antwoord binnen 10 s',
    ],
    [
      { code: 'timeout', params: { timeout_ms: 2500 } },
      'No answer within 2.5 s',
      'Geen antwoord binnen 2,5 s',
    ],
    [{ code: 'connection_refused', params: {} }, 'Connection refused', 'Verbinding geweigerd'],
    [{ code: 'host_not_found', params: {} }, 'Host name not found', 'Hostnaam niet gevonden'],
    [{ code: 'connection_lost', params: {} }, 'Connection lost', 'Verbinding verbroken'],
    [
      { code: 'tls_failed', params: {} },
      'Secure connection (TLS) failed',
      'Beveiligde verbinding (TLS) mislukt',
    ],
    [
      { code: 'network', params: { detail: 'EHOSTUNREACH' } },
      'Network error (EHOSTUNREACH)',
      'Netwerkfout (EHOSTUNREACH)',
    ],
  ])('%j', (reason, en, nl) => {
    expect(describeCheckReason(reason, 'en')).toBe(en);
    expect(describeCheckReason(reason, 'nl')).toBe(nl);
  });

  it('words every code differently per language', () => {
    for (const code of checkReasonCodes) {
      const reason = { code, params: { status: 500, expected: 200, timeout_ms: 1000, detail: 'X' } };
      expect(describeCheckReason(reason, 'en')).not.toBe(describeCheckReason(reason, 'nl'));
    }
  });

  it('an unknown stored code reads as a network error rather than failing', () => {
    const reason = { code: 'gone' as CheckReason['code'], params: { detail: 'X' } };
    expect(describeCheckReason(reason, 'nl')).toBe('Netwerkfout (X)');
  });
});

describe('maintenance texts', () => {
  it('a kind in the language, free text as written, both joined', () => {
    expect(describeMaintenance({ kind: 'monthly', description: null }, 'en')).toBe('Monthly maintenance');
    expect(describeMaintenance({ kind: 'monthly', description: null }, 'nl')).toBe('Maandelijks onderhoud');
    expect(describeMaintenance({ kind: null, description: 'Database upgrade' }, 'nl')).toBe(
      'Database upgrade',
    );
    expect(describeMaintenance({ kind: 'planned', description: 'PostgreSQL 18' }, 'nl')).toBe(
      'Gepland onderhoud: PostgreSQL 18',
    );
  });
});
