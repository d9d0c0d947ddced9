import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SlaReport } from '@portaal/contracts';
// The tester's SLA-2026-10 and its variants, shared with the web app's report screen test.
import {
  slaReportAllMet as allMet,
  slaReportWithCredit as credit,
  slaReport as report,
} from '@portaal/contracts/test-fixtures/reports';
import { describe, expect, it } from 'vitest';
import { reportCsv, reportPdf, slaSummaryLines } from './reports.render.ts';

const run = promisify(execFile);

const csvLines = (target: SlaReport, language: 'en' | 'nl') =>
  reportCsv(target, language)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');

describe('the SLA report summary', () => {
  it('says "all targets met" only when every target is met', () => {
    expect(slaSummaryLines(allMet, 'en')).toEqual(['All targets met: no service credit owed.']);
    expect(slaSummaryLines(allMet, 'nl')).toEqual(['Alle doelen gehaald: geen servicecredit verschuldigd.']);
  });

  it('names a missed incident target, and separately that no credit is owed', () => {
    expect(slaSummaryLines(report, 'en')).toEqual([
      'Not all targets met: 1 incident target missed.',
      'No service credit owed.',
    ]);
    expect(slaSummaryLines(report, 'nl')).toEqual([
      'Niet alle doelen gehaald: 1 incidentdoel niet gehaald.',
      'Geen servicecredit verschuldigd.',
    ]);
  });

  it('names missed availability and incident targets, and the credit owed', () => {
    expect(slaSummaryLines(credit, 'en')).toEqual([
      'Not all targets met: 1 availability target missed, 1 incident target missed.',
      'Service credit owed: 10% of the monthly fee.',
    ]);
  });
});

describe('the SLA report as CSV', () => {
  it('holds the summary, the priority label, local times with the zone named, and met/missed per target', () => {
    const en = csvLines(report, 'en');
    expect(en).toContain('Not all targets met: 1 incident target missed.');
    expect(en).toContain('No service credit owed.');
    expect(en).not.toContain('All targets met: no service credit owed.');
    expect(en).toContain(
      'Ticket,Subject,Priority,Opened (Europe/Amsterdam),Response (target),Resolution (target)',
    );
    expect(en).toContain(
      '#10014,Kassakoppeling geeft time-outs,1 High,27-10-2026 07:41,25 min (1 h) · met,24 h 37 min (8 h) · missed',
    );
    const nl = csvLines(report, 'nl');
    expect(nl).toContain('Niet alle doelen gehaald: 1 incidentdoel niet gehaald.');
    expect(nl).toContain(
      'Ticket;Onderwerp;Prioriteit;Gemeld (Europe/Amsterdam);Reactie (doel);Oplossing (doel)',
    );
    expect(nl).toContain(
      '#10014;Kassakoppeling geeft time-outs;1 Hoog;27-10-2026 07:41;25 min (1 u) · gehaald;24 u 37 min (8 u) · niet gehaald',
    );
  });
});

describe('the SLA report as PDF', () => {
  it('holds the summary, the priority label, local times with the zone named, and met/missed per target', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portaal-render-'));
    try {
      const text = async (language: 'en' | 'nl') => {
        const file = path.join(dir, `${language}.pdf`);
        await writeFile(
          file,
          await reportPdf(report, language, { brandName: 'Portaal', customerName: 'Bakkerij' }),
        );
        return (await run('pdftotext', [file, '-'])).stdout.replace(/\s+/g, ' ');
      };
      const en = await text('en');
      expect(en).toContain('Generated 01-11-2026 23:04 · Times in Europe/Amsterdam');
      expect(en).not.toContain('UTC');
      expect(en).toContain('Not all targets met: 1 incident target missed.');
      expect(en).toContain('No service credit owed.');
      expect(en).not.toContain('All targets met');
      expect(en).toContain('1 High');
      expect(en).toContain('27-10-2026 07:41');
      expect(en).toMatch(/24 h 37 min \(8 h\) · missed/);
      const nl = await text('nl');
      expect(nl).toContain('Gemaakt 01-11-2026 23:04 · Tijden in Europe/Amsterdam');
      expect(nl).toContain('Niet alle doelen gehaald: 1 incidentdoel niet gehaald.');
      expect(nl).toContain('1 Hoog');
      expect(nl).toMatch(/24 u 37 min \(8 u\) · niet gehaald/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
